import type { GatewayConfig } from '../config/config-schema.js';
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

/** The key routes: the admin check, the configured keys (names, ids) and the runtime (operator state, key spread). */
export type AdminKeysScope = AdminAuthScope & { config: Pick<GatewayConfig, 'keys'>; keys: Gateway['keys'] };

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
