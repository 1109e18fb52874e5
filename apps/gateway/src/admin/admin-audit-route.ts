import type { AdminPrincipal } from '../auth/admin-principal.js';
import type { RouteEntry } from '../route/route-entry.js';
import { isGatewayAdmin } from '../teams/access-rules.js';
import type { AdminAuthScope } from './admin-scope.js';
import { requireDatabase } from './admin-team-routes.js';
import { adminRoute } from './ops-routes.js';
import { sendAdminJson } from './admin-json-body.js';

const DEFAULT_ENTRIES = 100;

/** Gateway admins, and the admins of a team (who see their teams' entries). */
const auditReaders = (principal: AdminPrincipal): boolean =>
  isGatewayAdmin(principal) || principal.teams.some((membership) => membership.role === 'team-admin');

/**
 * `GET /admin/audit`: the newest admin actions from the database's audit trail (`limit`, default
 * 100, at most 1,000), each naming who acted, on what, and its team. A gateway admin sees every
 * entry (or one team's, with `team`), a team admin the entries of the teams it administers.
 */
export function adminAuditRoutes(gateway: AdminAuthScope): RouteEntry[] {
  return [
    {
      method: 'get',
      path: '/admin/audit',
      handler: adminRoute(
        gateway,
        async (_request, _response, context, principal) => {
          const operator = requireDatabase(gateway.ops.runtime);
          const query = context.url.searchParams;
          const limit = Number(query.get('limit') ?? DEFAULT_ENTRIES) || DEFAULT_ENTRIES;
          const administered = principal.teams
            .filter((membership) => membership.role === 'team-admin')
            .map((membership) => membership.teamId);
          const asked = query.get('team');
          const teams = isGatewayAdmin(principal)
            ? asked
              ? [asked]
              : undefined
            : asked
              ? administered.filter((team) => team === asked)
              : administered;
          const data = await operator.audit.recent(limit, teams);
          sendAdminJson(context, 200, { object: 'list', data });
        },
        auditReaders,
      ),
    },
  ];
}
