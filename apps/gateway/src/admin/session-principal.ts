import type { IncomingMessage } from 'node:http';
import type { AdminPrincipal } from '../auth/admin-principal.js';
import type { GatewayRuntime } from '../operations/gateway-ops.js';

/**
 * Turns a console session (a cookie the sign-in sets) into the signed-in user's principal;
 * undefined when the request carries no live session. Admin authentication asks it after the
 * admin secret and the user tokens.
 */
export type SessionPrincipalHook = (request: IncomingMessage) => Promise<AdminPrincipal | undefined>;

const hooks = new WeakMap<GatewayRuntime, SessionPrincipalHook>();

/** Installs the runtime's session hook (the console sign-in does, at start). */
export function useSessionPrincipals(runtime: GatewayRuntime, hook: SessionPrincipalHook): void {
  hooks.set(runtime, hook);
}

/** The session's principal; undefined without a hook or a live session. */
export async function sessionPrincipalOf(
  runtime: GatewayRuntime,
  request: IncomingMessage,
): Promise<AdminPrincipal | undefined> {
  return hooks.get(runtime)?.(request);
}
