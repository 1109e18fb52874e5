import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { auditAdminAction } from '../admin/admin-audit.js';
import { operatorOf } from '../admin/operator-state.js';
import type { OidcConfig } from '../config/oidc-schema.js';
import type { RequestContext } from '../context/request-context.js';
import type { RouteEntry } from '../route/route-entry.js';
import { beginSignIn, finishSignIn, type PendingSignIn } from './identity-provider.js';
import { roleFromGroups } from './gateway-role.js';
import { CSRF_HEADER, refuseCrossSite, type SessionScope } from './session-principal.js';
import { LOGIN_COOKIE, LOGIN_COOKIE_PATH, readCookie, SESSION_COOKIE, setCookie } from './session-cookie.js';
import { CALLBACK_PATH, consoleSessions, redirectUrlOf, secureCookiesOf, signInDependencies } from './sign-in-state.js';
import { recordSignIn } from './users-table.js';
import { gatewayError, errorText } from '../http/style-errors.js';

/** How long a sign-in may take between the redirect to the provider and its callback. */
const SIGN_IN_WINDOW_MS = 10 * 60_000;
const PENDING_PREFIX = 'console-sign-in:';

/**
 * Console sign-in with the identity provider: `GET /console/login` (to the provider),
 * `GET /console/auth/callback` (back: the session begins), `POST /console/logout` (it ends) and
 * `GET /console/session` (who is signed in, and the CSRF token the console sends with changes).
 */
export function signInRoutes(gateway: SessionScope): RouteEntry[] {
  const withOidc =
    (handler: (oidc: OidcConfig, request: IncomingMessage, context: RequestContext) => Promise<void>) =>
    async (request: IncomingMessage, _response: unknown, context: RequestContext): Promise<void> => {
      const oidc = gateway.config.admin?.oidc;
      if (!oidc)
        throw gatewayError('not-found', 'Sign-in with an identity provider is not configured (admin.oidc)', {
          code: 'sign_in_not_configured',
        });
      await handler(oidc, request, context);
    };
  return [
    {
      method: 'get',
      path: '/console/login',
      handler: withOidc((oidc, request, context) => login(gateway, oidc, request, context)),
    },
    {
      method: 'get',
      path: CALLBACK_PATH,
      handler: withOidc((oidc, request, context) => callback(gateway, oidc, request, context)),
    },
    {
      method: 'post',
      path: '/console/logout',
      handler: withOidc((oidc, request, context) => logout(gateway, oidc, request, context)),
    },
    {
      method: 'get',
      path: '/console/session',
      handler: (request, _response, context) => whoAmI(gateway, request, context),
    },
  ];
}

async function login(gateway: SessionScope, oidc: OidcConfig, request: IncomingMessage, context: RequestContext) {
  let begun: Awaited<ReturnType<typeof beginSignIn>>;
  try {
    begun = await beginSignIn(oidc, redirectUrlOf(oidc, request));
  } catch (error) {
    gateway.ops.runtime.logger.warn(
      { err: error, issuer: oidc.issuer },
      'sign-in: the identity provider did not answer',
    );
    return page(context, 502, 'The identity provider could not be reached. Try again later.');
  }
  const { state } = begun.pending;
  await gateway.ops.runtime.store.set(pendingKey(state), JSON.stringify(begun.pending), SIGN_IN_WINDOW_MS);
  const cookie = setCookie(LOGIN_COOKIE, state, {
    path: LOGIN_COOKIE_PATH,
    secure: secureCookiesOf(oidc, request),
    maxAgeSeconds: SIGN_IN_WINDOW_MS / 1000,
  });
  context.sink.send(302, 'text/plain; charset=utf-8', '', { location: begun.location.href, 'set-cookie': cookie });
}

async function callback(gateway: SessionScope, oidc: OidcConfig, request: IncomingMessage, context: RequestContext) {
  const { runtime } = gateway.ops;
  const query = context.url.search;
  const state = context.url.searchParams.get('state');
  const secure = secureCookiesOf(oidc, request);
  const clearLogin = setCookie(LOGIN_COOKIE, '', { path: LOGIN_COOKIE_PATH, secure, maxAgeSeconds: 0 });
  // The state must be the one this browser was given, and still waiting (each is used once).
  const pendingText =
    state && readCookie(request, LOGIN_COOKIE) === state ? await runtime.store.get(pendingKey(state)) : undefined;
  if (!state || pendingText === undefined)
    return page(
      context,
      400,
      'This sign-in is not the one this browser started, or it expired. Start again at /console/login.',
      clearLogin,
    );
  await runtime.store.delete(pendingKey(state));
  let claims: Awaited<ReturnType<typeof finishSignIn>>;
  try {
    claims = await finishSignIn(oidc, JSON.parse(pendingText) as PendingSignIn, query);
  } catch (error) {
    runtime.logger.warn({ audit: 'console.sign-in-failed', reason: errorText(error) }, 'sign-in failed');
    return page(
      context,
      400,
      'The identity provider did not confirm this sign-in. Start again at /console/login.',
      clearLogin,
    );
  }
  const role = roleFromGroups(claims.groups, oidc.roles);
  const dependencies = signInDependencies(runtime);
  const teams = await dependencies.memberships.membershipsOf(claims.subject);
  if (!role && teams.length === 0) {
    auditAdminAction(runtime.logger, request, context, 'console.sign-in', {
      subject: claims.subject,
      outcome: 'no-role',
    });
    return page(
      context,
      403,
      `Your account has no role on this gateway: none of your groups (claim "${oidc.groupsClaim}") is named in admin.oidc.roles, and you are in no team.`,
      clearLogin,
    );
  }
  const user = {
    subject: claims.subject,
    ...(claims.name ? { name: claims.name } : {}),
    ...(claims.email ? { email: claims.email } : {}),
    ...(role ? { role } : {}),
  };
  const db = operatorOf(runtime)?.db;
  if (db)
    await recordSignIn(db, user, dependencies.now()).catch((error: unknown) =>
      runtime.logger.warn({ err: error }, 'sign-in: the user could not be recorded'),
    );
  const sessions = consoleSessions(runtime, oidc);
  const { id, session } = await sessions.create(user);
  auditAdminAction(runtime.logger, request, context, 'console.sign-in', {
    subject: user.subject,
    role: role ?? null,
    outcome: 'ok',
  });
  const sessionCookie = setCookie(SESSION_COOKIE, id, {
    path: '/',
    secure,
    maxAgeSeconds: Math.floor(sessions.remainingMs(session) / 1000),
  });
  context.sink.send(302, 'text/plain; charset=utf-8', '', {
    location: '/console/',
    'set-cookie': [sessionCookie, clearLogin],
    'cache-control': 'no-store',
  });
}

async function logout(gateway: SessionScope, oidc: OidcConfig, request: IncomingMessage, context: RequestContext) {
  const { runtime } = gateway.ops;
  const id = readCookie(request, SESSION_COOKIE);
  const sessions = consoleSessions(runtime, oidc);
  const session = id ? await sessions.read(id) : undefined;
  if (id && session) {
    refuseCrossSite(oidc, request, session);
    await sessions.end(id);
    auditAdminAction(runtime.logger, request, context, 'console.sign-out', { subject: session.subject });
  }
  const cleared = setCookie(SESSION_COOKIE, '', {
    path: '/',
    secure: secureCookiesOf(oidc, request),
    maxAgeSeconds: 0,
  });
  context.sink.send(204, 'text/plain; charset=utf-8', '', { 'set-cookie': cleared, 'cache-control': 'no-store' });
}

/** `{ signIn, user?, csrfToken? }`: whether the provider sign-in is on, and the session's user when there is one. */
async function whoAmI(gateway: SessionScope, request: IncomingMessage, context: RequestContext) {
  const oidc = gateway.config.admin?.oidc;
  const id = oidc ? readCookie(request, SESSION_COOKIE) : undefined;
  const session = oidc && id ? await consoleSessions(gateway.ops.runtime, oidc).read(id) : undefined;
  if (!session) return context.sink.sendJson(200, { signIn: oidc !== undefined }, { 'cache-control': 'no-store' });
  const teams = await signInDependencies(gateway.ops.runtime).memberships.membershipsOf(session.subject);
  const { csrfToken, subject, name, email, role } = session;
  context.sink.sendJson(
    200,
    { signIn: true, user: { subject, name, email, role: role ?? null, teams }, csrfToken, csrfHeader: CSRF_HEADER },
    { 'cache-control': 'no-store' },
  );
}

function pendingKey(state: string): string {
  return `${PENDING_PREFIX}${createHash('sha256').update(state).digest('hex')}`;
}

function page(context: RequestContext, status: number, text: string, cookie?: string): void {
  context.sink.send(status, 'text/plain; charset=utf-8', text, {
    'cache-control': 'no-store',
    ...(cookie ? { 'set-cookie': cookie } : {}),
  });
}
