import type { GatewayRole } from '../auth/admin-principal.js';
import type { OidcConfig } from '../config/oidc-schema.js';

/** The gateway role a user's groups give (`admin.oidc.roles`): admin before viewer, none when no group matches. */
export function roleFromGroups(groups: readonly string[], roles: OidcConfig['roles']): GatewayRole | undefined {
  if (groups.some((group) => roles.admin.includes(group))) return 'admin';
  if (groups.some((group) => roles.viewer.includes(group))) return 'viewer';
  return undefined;
}
