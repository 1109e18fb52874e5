import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ADMIN_SECRET_PRINCIPAL, type AdminPrincipal } from '../auth/admin-principal.js';
import { sha256 } from '../auth/api-keys.js';
import { clientAddress } from '../http/client-address.js';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import type { AdminAuthScope } from './admin-scope.js';
import { FailedAdminLogins } from './failed-admin-logins.js';
import { ADMIN_TOKEN_PREFIX } from '../teams/admin-token-store.js';
import { operatorOf } from './operator-state.js';
import { consoleSessionPrincipal } from '../signin/session-principal.js';
import { gatewayError, errorText } from '../http/style-errors.js';

const failedLogins = new WeakMap<GatewayRuntime, FailedAdminLogins>();

/**
 * Checks the admin key, sent only as `Authorization: Bearer <admin secret>`, in constant time;
 * 403 when the config has no admin key, 401 when it is missing or wrong. Gateway keys never pass,
 * and neither does the admin secret in `x-api-key` or any other header. The right secret is
 * checked first and always passes: the back-off refuses only wrong ones, so no one can lock the
 * operator out. Each failure writes an audit line (never what was presented); a client past
 * `admin.maxFailedLogins` failures in `admin.failedLoginWindowMs` gets 429 with Retry-After for
 * each further wrong attempt until its window ends. Clients are told apart by address: the
 * socket's, or behind the proxies `server.trustProxy` trusts, the one they forwarded.
 *
 * Who passes: the admin secret is `ADMIN_SECRET_PRINCIPAL` (a gateway admin); a user's admin
 * token (`Bearer ila_…`, issued by `POST /admin/tokens`) is that user, with the gateway role it
 * was issued with and the team memberships stored now; else a console session, when the sign-in
 * is configured (`admin.oidc`): its cookie, with the CSRF checks of `signin/`. A wrong token counts as a failure like a wrong secret.
 */
export async function authenticateAdmin(gateway: AdminAuthScope, request: IncomingMessage): Promise<AdminPrincipal> {
  const expected = gateway.ops.adminDigest;
  const admin = gateway.config.admin;
  if (!expected || !admin) {
    throw gatewayError(
      'permission',
      'The admin endpoints are disabled: set admin.secret or admin.secretHash in the config',
      { code: 'admin_disabled' },
    );
  }
  const presented = adminSecret(request);
  if (presented && timingSafeEqual(sha256(presented), expected)) return ADMIN_SECRET_PRINCIPAL;
  const { runtime } = gateway.ops;
  const user =
    presented === undefined
      ? await consoleSessionPrincipal(gateway, request)
      : presented.startsWith(ADMIN_TOKEN_PREFIX)
        ? await tokenPrincipal(runtime, presented)
        : undefined;
  if (user) return user;
  const logins = loginsOf(runtime);
  const address = clientAddress(request, gateway.config.server.trustProxy);
  const now = Date.now();
  const wait = logins.retryAfterSeconds(address, admin, now);
  if (wait > 0) {
    throw gatewayError(
      'rate-limit',
      `Too many failed admin authentications from this address; try again in ${wait} s`,
      { code: 'admin_login_backoff', retryAfterSeconds: wait },
    );
  }
  const failures = logins.failed(address, admin, now);
  runtime.logger.warn(
    {
      audit: 'admin.auth-failed',
      remote: address,
      ...(gateway.config.server.trustProxy === false ? {} : { via: request.socket.remoteAddress }),
      method: request.method,
      path: (request.url ?? '/').split('?')[0]?.slice(0, 256),
      reason: presented
        ? presented.startsWith(ADMIN_TOKEN_PREFIX)
          ? 'wrong-token'
          : 'wrong-secret'
        : 'no-bearer-secret',
      failures,
      blocked: failures >= admin.maxFailedLogins,
    },
    'admin authentication failed',
  );
  throw gatewayError('authentication', 'Missing or invalid admin key', { code: 'invalid_admin_key' });
}

/** The user a live admin token belongs to; undefined for a wrong or revoked one (or without a database). */
async function tokenPrincipal(runtime: GatewayRuntime, presented: string): Promise<AdminPrincipal | undefined> {
  const operator = operatorOf(runtime);
  if (!operator) return undefined;
  try {
    const token = await operator.tokens.verify(presented);
    if (!token) return undefined;
    const teams = await operator.teams.membershipsOf(token.subject);
    return { subject: token.subject, via: 'user-token', ...(token.role ? { role: token.role } : {}), teams };
  } catch (error) {
    throw gatewayError(
      'overloaded',
      `The database did not answer (${errorText(error)}), so admin tokens cannot be checked; retry when it does, or use the admin secret`,
      { status: 503, code: 'database_unavailable' },
    );
  }
}

function loginsOf(runtime: GatewayRuntime): FailedAdminLogins {
  let logins = failedLogins.get(runtime);
  if (!logins) {
    logins = new FailedAdminLogins();
    failedLogins.set(runtime, logins);
  }
  return logins;
}

function adminSecret(request: IncomingMessage): string | undefined {
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(.+)$/i.exec(authorization.trim())?.[1] : undefined;
  return bearer?.trim() || undefined;
}
