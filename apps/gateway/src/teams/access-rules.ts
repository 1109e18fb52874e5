import type { AdminPrincipal, TeamRole } from '../auth/admin-principal.js';
import type { BudgetConfig } from '../config/operations-schema.js';

/*
 * What each role may do on the admin API, decided from the principal alone:
 * - gateway admin: everything;
 * - gateway viewer: usage only (every key's);
 * - team admin: its team (read), its members, its keys (any change), within the team's limits;
 * - member: its team (read), its own keys in the team: issue, read, rotate, disable, delete.
 */

/** A route's first check, before the handler looks at the object it names. */
export type RouteAccess = (principal: AdminPrincipal) => boolean;

export const gatewayAdminOnly: RouteAccess = (principal) => principal.role === 'admin';
/** Any principal: the handler scopes what it shows or changes. */
export const anyPrincipal: RouteAccess = () => true;
/** Gateway admins, and anyone in a team (the key routes, whose handlers check the key's team). */
export const teamRoles: RouteAccess = (principal) => principal.role === 'admin' || principal.teams.length > 0;
/** Usage readers: gateway admins and viewers see every key's, team roles what their keys used. */
export const usageReaders: RouteAccess = (principal) => principal.role !== undefined || principal.teams.length > 0;

/** A key as the rules read it: the team it belongs to and who issued it. */
export interface OwnedKey {
  team?: string;
  owner?: string;
}

export type KeyAction = 'read' | 'update' | 'enable' | 'disable' | 'rotate' | 'delete';
/** What a member may do to its own key. */
const OWNER_ACTIONS: readonly KeyAction[] = ['read', 'disable', 'rotate', 'delete'];

export function teamRoleOf(principal: AdminPrincipal, teamId: string): TeamRole | undefined {
  return principal.teams.find((membership) => membership.teamId === teamId)?.role;
}

export function isGatewayAdmin(principal: AdminPrincipal): boolean {
  return principal.role === 'admin';
}

/** Gateway admins and viewers read every team; members and team admins their own. */
export function mayReadTeam(principal: AdminPrincipal, teamId: string): boolean {
  return principal.role !== undefined || teamRoleOf(principal, teamId) !== undefined;
}

/** Members and their roles: gateway admins and the team's admins. */
export function mayManageMembers(principal: AdminPrincipal, teamId: string): boolean {
  return isGatewayAdmin(principal) || teamRoleOf(principal, teamId) === 'team-admin';
}

/** A new key in `team` (none: a key of no team, for gateway admins only). */
export function mayCreateKeyIn(principal: AdminPrincipal, team: string | undefined): boolean {
  return isGatewayAdmin(principal) || (team !== undefined && teamRoleOf(principal, team) !== undefined);
}

export function mayActOnKey(principal: AdminPrincipal, key: OwnedKey, action: KeyAction): boolean {
  if (isGatewayAdmin(principal)) return true;
  if (key.team === undefined) return false;
  const role = teamRoleOf(principal, key.team);
  if (role === 'team-admin') return true;
  return role === 'member' && key.owner === principal.subject && OWNER_ACTIONS.includes(action);
}

/** Whose usage the principal sees: everyone's, or only these keys'. */
export function usageScope(principal: AdminPrincipal, keys: readonly (OwnedKey & { id: string })[]): 'all' | string[] {
  if (principal.role !== undefined) return 'all';
  return keys.filter((key) => mayActOnKey(principal, key, 'read')).map((key) => key.id);
}

/** The limits a key or a team carries. */
export interface Limits {
  rpm?: number | null;
  tpm?: number | null;
  budgets?: readonly BudgetConfig[];
}

/**
 * Where a key's limits go past its team's (a team role may only give keys limits within the
 * team's): one problem per limit, none when the key stays within. A missing key limit under a
 * team limit is within it: the team's limit still applies.
 */
export function limitsBeyondTeam(key: Limits, team: Limits): string[] {
  const problems: string[] = [];
  for (const field of ['rpm', 'tpm'] as const) {
    const teamLimit = team[field];
    const keyLimit = key[field];
    if (teamLimit != null && keyLimit != null && keyLimit > teamLimit)
      problems.push(`${field}: ${keyLimit} is more than the team's ${teamLimit}`);
  }
  for (const budget of key.budgets ?? []) {
    const unit = budget.cost === undefined ? 'tokens' : 'cost';
    const amount = budget[unit] ?? 0;
    const teamBudget = team.budgets?.find(
      (candidate) => candidate.period === budget.period && candidate[unit] !== undefined,
    );
    const teamAmount = teamBudget?.[unit];
    if (teamAmount !== undefined && amount > teamAmount)
      problems.push(`budgets: ${unit} per ${budget.period} ${amount} is more than the team's ${teamAmount}`);
  }
  return problems;
}
