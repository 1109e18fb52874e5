import type { ServerResponse } from 'node:http';
import type { AdminPrincipal } from '../auth/admin-principal.js';
import type { GatewayConfig } from '../config/config-schema.js';
import type { RequestContext } from '../context/request-context.js';
import type { RouteHandler } from '../route/route-entry.js';
import type { Gateway } from '../gateway.js';
import type { GatewayOps } from '../operations/gateway-ops.js';

/*
 * What the admin routes may touch, as slices of the assembled gateway. The runtime is handed
 * whole: it is the identity the operator state (database, runtime keys, ledger) and the failed
 * admin logins are kept by.
 */

/** The admin check: the admin settings, the trusted proxies, the admin secret's digest, the runtime (failed logins, audit log). */
export interface AdminAuthScope {
  config: Pick<GatewayConfig, 'admin'> & { server: Pick<GatewayConfig['server'], 'trustProxy'> };
  ops: Pick<GatewayOps, 'adminDigest' | 'runtime'>;
}

/** The key routes: the team routes' scope, the configured keys (names, ids) and the runtime (operator state, key spread). */
export type AdminKeysScope = AdminTeamsScope & { config: Pick<GatewayConfig, 'keys'>; keys: Gateway['keys'] };

/** The team routes: the admin check, and the routes and prices a cost budget is checked against. */
export type AdminTeamsScope = AdminAuthScope & {
  config: Pick<GatewayConfig, 'models' | 'providers'>;
  ops: Pick<GatewayOps, 'prices'>;
};

/** The console API: the admin check, the configured keys, routes and providers, and the router (translate preview). */
export type AdminConsoleScope = AdminAuthScope & {
  config: Pick<GatewayConfig, 'keys' | 'models' | 'providers'>;
  router: Pick<Gateway['router'], 'resolve'>;
};

/** Readiness, metrics, usage and prices: the admin check, the store and its failure policy, the keys, routes and prices. */
export type OpsRoutesScope = AdminAuthScope & {
  config: Pick<GatewayConfig, 'keys' | 'limits' | 'models' | 'providers'>;
  ops: Pick<GatewayOps, 'prices'>;
  keys: Gateway['keys'];
  store: Gateway['store'];
  /** The MCP servers, whose state `/ready` reports. */
  mcp?: Pick<Gateway['mcp'], 'status'>;
};

/** A handler of an admin route, told who asks. */
export type AdminRouteHandler = (
  request: Parameters<RouteHandler>[0],
  response: ServerResponse,
  context: RequestContext,
  principal: AdminPrincipal,
) => Promise<void>;
