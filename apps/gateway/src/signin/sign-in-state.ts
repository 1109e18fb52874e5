import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { MembershipSource } from '../auth/admin-principal.js';
import type { OidcConfig } from '../config/oidc-schema.js';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import { ConsoleSessions } from './console-sessions.js';

/** The path the identity provider sends the browser back to. */
export const CALLBACK_PATH = '/console/auth/callback';

/** What sign-in reads beside the config: where team memberships come from, and the clock sessions expire by. */
export interface SignInDependencies {
  memberships: MembershipSource;
  now: () => number;
}

/** No team memberships: the source until a teams store is wired in. */
export const NO_MEMBERSHIPS: MembershipSource = { membershipsOf: async () => [] };

const dependencies = new WeakMap<GatewayRuntime, SignInDependencies>();

/** Sets where this runtime's signed-in users' team memberships are read (and, in tests, the clock). */
export function configureSignIn(runtime: GatewayRuntime, given: Partial<SignInDependencies>): void {
  dependencies.set(runtime, { ...signInDependencies(runtime), ...given });
}

export function signInDependencies(runtime: GatewayRuntime): SignInDependencies {
  return dependencies.get(runtime) ?? { memberships: NO_MEMBERSHIPS, now: Date.now };
}

/** The console sessions of this runtime's state store, with the configured lifetimes. */
export function consoleSessions(runtime: GatewayRuntime, oidc: OidcConfig): ConsoleSessions {
  const { now } = signInDependencies(runtime);
  return new ConsoleSessions(
    runtime.store,
    { idleMs: oidc.session.idleMinutes * 60_000, absoluteMs: oidc.session.absoluteHours * 3_600_000 },
    now,
  );
}

/** The redirect URL: configured, or `<publicUrl>/console/auth/callback`, or this request's own origin's. */
export function redirectUrlOf(oidc: OidcConfig, request: IncomingMessage): string {
  if (oidc.redirectUrl) return oidc.redirectUrl;
  return `${oidc.publicUrl ? oidc.publicUrl.replace(/\/+$/, '') : requestOrigin(request)}${CALLBACK_PATH}`;
}

/** The origin the console is served from: the state-changing requests of a signed-in browser must name it. */
export function consoleOriginOf(oidc: OidcConfig, request: IncomingMessage): string {
  return new URL(redirectUrlOf(oidc, request)).origin;
}

/** Whether cookies get the `Secure` flag: as configured, else when the console is served over https. */
export function secureCookiesOf(oidc: OidcConfig, request: IncomingMessage): boolean {
  return oidc.session.secureCookie ?? consoleOriginOf(oidc, request).startsWith('https:');
}

function requestOrigin(request: IncomingMessage): string {
  const secure = (request.socket as Partial<TLSSocket>).encrypted === true;
  return `${secure ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`;
}
