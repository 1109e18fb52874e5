import type { AdminPrincipal } from '../auth/admin-principal.js';
import type { RequestContext } from '../context/request-context.js';
import type { RouteEntry } from '../route/route-entry.js';
import { anyPrincipal, mayManageMembers, mayReadTeam } from '../teams/access-rules.js';
import { createTeamSchema, memberSchema, updateTeamSchema } from '../teams/team-input.js';
import type { TeamRecord } from '../teams/team-store.js';
import { auditAdminAction } from './admin-audit.js';
import { parseBody, readJson, sendAdminJson, nameTaken } from './admin-json-body.js';
import type { AdminAuthScope, AdminRouteHandler, AdminTeamsScope } from './admin-scope.js';
import { refuseUnmatchedCostBudget } from './cost-budget-check.js';
import { applyKeyChange } from './key-change.js';
import { requireOperator, type OperatorState } from './operator-state.js';
import { adminRoute, forbidden } from './ops-routes.js';
import { gatewayError } from '../http/style-errors.js';

type Request = Parameters<AdminRouteHandler>[0];
type TeamHandler = (
  operator: OperatorState,
  request: Request,
  context: RequestContext,
  principal: AdminPrincipal,
) => Promise<void>;

/**
 * Teams (`/admin/teams`): the limits their keys share, and their members. Gateway admins create,
 * change and delete teams; a team's admins add, change and remove its members; gateway viewers
 * and the team's own members read it. A team a principal may not read answers 404.
 */
export function adminTeamRoutes(gateway: AdminTeamsScope): RouteEntry[] {
  const route = (handler: TeamHandler, open = false) =>
    adminRoute(
      gateway,
      async (request, _response, context, principal) =>
        handler(requireDatabase(gateway.ops.runtime), request, context, principal),
      open ? anyPrincipal : undefined,
    );
  const logger = gateway.ops.runtime.logger;
  return [
    {
      method: 'get',
      path: '/admin/teams',
      handler: route(async (operator, _request, context, principal) => {
        const teams = (await operator.teams.list()).filter((team) => mayReadTeam(principal, team.id));
        sendAdminJson(context, 200, { object: 'list', data: teams.map(teamView) });
      }, true),
    },
    {
      method: 'post',
      path: '/admin/teams',
      handler: route(async (operator, request, context) => {
        const input = parseBody(createTeamSchema, await readJson(request));
        refuseUnmatchedCostBudget(gateway, input.budgets);
        await refuseTakenName(operator, input.name);
        const team = await operator.teams.create(input);
        auditAdminAction(logger, request, context, 'team.create', { team: team.id, teamName: team.name });
        sendAdminJson(context, 201, teamView(team));
      }),
    },
    {
      method: 'get',
      path: '/admin/teams/:id',
      handler: route(async (operator, request, context, principal) => {
        const team = await readableTeam(operator, request, principal);
        sendAdminJson(context, 200, { ...teamView(team), members: await operator.teams.members(team.id) });
      }, true),
    },
    {
      method: 'patch',
      path: '/admin/teams/:id',
      handler: route(async (operator, request, context) => {
        const patch = parseBody(updateTeamSchema, await readJson(request));
        refuseUnmatchedCostBudget(gateway, patch.budgets);
        const id = teamId(request);
        if (patch.name !== undefined) await refuseTakenName(operator, patch.name, id);
        const team = (await operator.teams.update(id, patch)) ?? teamNotFound(id);
        // The team's keys carry its limits: every worker of this instance reads them again now.
        const keyIds = (await operator.keys.list()).filter((key) => key.team === id).map((key) => key.id);
        if (keyIds.length > 0) await applyKeyChange(gateway.ops.runtime, operator, { allow: keyIds });
        auditAdminAction(logger, request, context, 'team.update', {
          team: team.id,
          teamName: team.name,
          fields: Object.keys(patch).sort().join(','),
        });
        sendAdminJson(context, 200, teamView(team));
      }),
    },
    {
      method: 'delete',
      path: '/admin/teams/:id',
      handler: route(async (operator, request, context) => {
        const id = teamId(request);
        const keys = (await operator.keys.list()).filter((key) => key.team === id);
        if (keys.length > 0)
          throw gatewayError(
            'invalid-request',
            `Team ${id} still has ${keys.length} key(s); delete them or move them first`,
            { status: 409, code: 'team_has_keys' },
          );
        if (!(await operator.teams.delete(id))) teamNotFound(id);
        auditAdminAction(logger, request, context, 'team.delete', { team: id });
        sendAdminJson(context, 200, { id, object: 'team', deleted: true });
      }),
    },
    {
      method: 'get',
      path: '/admin/teams/:id/members',
      handler: route(async (operator, request, context, principal) => {
        const team = await readableTeam(operator, request, principal);
        sendAdminJson(context, 200, { object: 'list', data: await operator.teams.members(team.id) });
      }, true),
    },
    {
      method: 'post',
      path: '/admin/teams/:id/members',
      handler: route(async (operator, request, context, principal) => {
        const team = await managedTeam(operator, request, principal);
        const member = parseBody(memberSchema, await readJson(request));
        await operator.teams.setMember(team.id, member.subject, member.role);
        auditAdminAction(logger, request, context, 'team.member.set', {
          team: team.id,
          member: member.subject,
          role: member.role,
        });
        sendAdminJson(context, 200, { object: 'list', data: await operator.teams.members(team.id) });
      }, true),
    },
    {
      method: 'delete',
      path: '/admin/teams/:id/members/:subject',
      handler: route(async (operator, request, context, principal) => {
        const team = await managedTeam(operator, request, principal);
        const subject = String(request.params?.subject ?? '');
        if (!(await operator.teams.removeMember(team.id, subject)))
          throw gatewayError('not-found', `"${subject}" is not a member of team ${team.id}`, {
            code: 'member_not_found',
          });
        auditAdminAction(logger, request, context, 'team.member.remove', { team: team.id, member: subject });
        sendAdminJson(context, 200, { object: 'list', data: await operator.teams.members(team.id) });
      }, true),
    },
  ];
}

function teamId(request: Request): string {
  return String(request.params?.id ?? '');
}

async function readableTeam(operator: OperatorState, request: Request, principal: AdminPrincipal): Promise<TeamRecord> {
  const id = teamId(request);
  const team = mayReadTeam(principal, id) ? await operator.teams.get(id) : undefined;
  return team ?? teamNotFound(id);
}

async function managedTeam(operator: OperatorState, request: Request, principal: AdminPrincipal): Promise<TeamRecord> {
  const team = await readableTeam(operator, request, principal);
  if (!mayManageMembers(principal, team.id)) throw forbidden(principal, `manage the members of team ${team.id}`);
  return team;
}

async function refuseTakenName(operator: OperatorState, name: string, exceptId?: string): Promise<void> {
  if (await operator.teams.nameTaken(name, exceptId))
    throw nameTaken(`A team named "${name}" already exists`, 'team_name_taken');
}

/** The operator state teams, admin tokens and the audit trail are kept by; 404 without a database. */
export function requireDatabase(runtime: AdminAuthScope['ops']['runtime']): OperatorState {
  return requireOperator(runtime, 'Teams and admin tokens need');
}

function teamNotFound(id: string): never {
  throw gatewayError('not-found', `No team with id "${id}"`, { code: 'team_not_found', param: 'id' });
}

function teamView(team: TeamRecord): Record<string, unknown> {
  return { object: 'team', ...team };
}
