import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { IrError } from '@interlingua/ir';
import type { AdminPrincipal } from '../auth/admin-principal.js';
import type { OidcConfig } from '../config/oidc-schema.js';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import type { ConsoleSession } from './console-sessions.js';
import { readCookie, SESSION_COOKIE } from './session-cookie.js';
import { consoleOriginOf, consoleSessions, signInDependencies } from './sign-in-state.js';
import { gatewayError } from '../http/style-errors.js';

/** The header the console sends its session's CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What reading a console session needs: the OIDC settings and the runtime (state store, memberships, clock). */
export interface SessionScope {
  config: { admin?: { oidc?: OidcConfig | undefined } | undefined };
  ops: { runtime: GatewayRuntime };
}

/**
 * The signed-in user behind the request's session cookie, or undefined when there is no live
 * session (or sign-in is not configured). A state-changing request must also carry the
 * session's CSRF token in `x-csrf-token` and come from the console's own origin: otherwise 403,
 * so another site cannot act with the user's cookie. Team memberships come from the runtime's
 * `MembershipSource`.
 */
export async function consoleSessionPrincipal(
  scope: SessionScope,
  request: IncomingMessage,
): Promise<AdminPrincipal | undefined> {
  const oidc = scope.config.admin?.oidc;
  const id = oidc ? readCookie(request, SESSION_COOKIE) : undefined;
  if (!oidc || !id) return undefined;
  const { runtime } = scope.ops;
  const session = await consoleSessions(runtime, oidc).read(id);
  if (!session) return undefined;
  if (!READ_ONLY_METHODS.has(request.method ?? 'GET')) refuseCrossSite(oidc, request, session);
  const teams = await signInDependencies(runtime).memberships.membershipsOf(session.subject);
  return {
    subject: session.subject,
    via: 'session',
    ...(session.role ? { role: session.role } : {}),
    teams,
  };
}

/** Throws 403 unless the request names the console's origin and carries the session's CSRF token. */
export function refuseCrossSite(oidc: OidcConfig, request: IncomingMessage, session: ConsoleSession): void {
  const origin = request.headers.origin;
  if (origin !== consoleOriginOf(oidc, request))
    throw forbidden(
      'csrf_origin',
      origin === undefined
        ? 'A state-changing console request must carry an Origin header'
        : `A state-changing console request must come from the console's own origin, not ${origin.slice(0, 200)}`,
    );
  const token = request.headers[CSRF_HEADER];
  if (typeof token !== 'string' || !sameToken(token, session.csrfToken))
    throw forbidden('csrf_token', `A state-changing console request must carry the session's ${CSRF_HEADER} header`);
}

function sameToken(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

function forbidden(code: string, message: string): IrError {
  return gatewayError('permission', message, { code });
}
