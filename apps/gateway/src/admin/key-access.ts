import type { IrError } from '@interlingua/ir';
import type { AdminPrincipal } from '../auth/admin-principal.js';
import type { GatewayKey } from '../auth/api-keys.js';
import {
  isGatewayAdmin,
  limitsBeyondTeam,
  mayActOnKey,
  mayCreateKeyIn,
  type KeyAction,
  type Limits,
} from '../teams/access-rules.js';
import type { TeamRecord } from '../teams/team-store.js';
import { readUsage } from '../accounting/usage-ledger.js';
import type { StateStore } from '../store/state-store.js';
import type { OperatorState } from './operator-state.js';
import { forbidden } from './ops-routes.js';
import type { RuntimeKeyRecord } from './runtime-key-store.js';
import { gatewayError } from '../http/style-errors.js';

/*
 * The key routes' role checks: which keys a principal sees, which it may change, and the limits a
 * team role may give a key. Keys a principal may not read answer 404, as if they did not exist.
 */

export function keyNotFound(id: string): IrError {
  return gatewayError('not-found', `No key with id "${id}"`, { code: 'key_not_found', param: 'id' });
}

/** Refuses `action` on the key the path names unless the principal's role allows it. */
export async function requireKeyAccess(
  operator: OperatorState,
  configKeys: readonly GatewayKey[],
  principal: AdminPrincipal,
  id: string,
  action: KeyAction,
): Promise<void> {
  if (isGatewayAdmin(principal)) return;
  const record = configKeys.some((key) => key.id === id) ? undefined : await operator.keys.get(id);
  if (!record || !mayActOnKey(principal, record, 'read')) throw keyNotFound(id);
  if (!mayActOnKey(principal, record, action)) throw forbidden(principal, `${action} key ${id}`);
}

/** The runtime keys the principal may read. */
export function visibleKeys(principal: AdminPrincipal, records: readonly RuntimeKeyRecord[]): RuntimeKeyRecord[] {
  return records.filter((record) => mayActOnKey(principal, record, 'read'));
}

/**
 * A new key's team: it must exist and the principal must be in it (a key of no team: gateway
 * admins only); a team role gives it limits within the team's.
 */
export async function checkNewKey(
  operator: OperatorState,
  principal: AdminPrincipal,
  input: Limits & { team?: string | undefined },
): Promise<void> {
  if (!mayCreateKeyIn(principal, input.team))
    throw forbidden(principal, input.team ? `issue keys in team ${input.team}` : 'issue a key of no team');
  if (input.team === undefined) return;
  const team = await operator.teams.get(input.team);
  if (!team)
    throw gatewayError('invalid-request', `team: no team with id "${input.team}"`, {
      code: 'team_not_found',
      param: 'team',
    });
  refuseBeyondTeam(principal, input, team);
}

/** A change of a team's key by a team role: its limits stay within the team's. */
export async function checkKeyPatch(
  operator: OperatorState,
  principal: AdminPrincipal,
  current: RuntimeKeyRecord,
  patch: Limits,
): Promise<void> {
  if (isGatewayAdmin(principal) || current.team === undefined) return;
  const team = await operator.teams.get(current.team);
  if (team) refuseBeyondTeam(principal, patch, team);
}

function refuseBeyondTeam(principal: AdminPrincipal, limits: Limits, team: TeamRecord): void {
  if (isGatewayAdmin(principal)) return;
  const problems = limitsBeyondTeam(limits, team);
  if (problems.length > 0)
    throw gatewayError('invalid-request', `A team role gives keys limits within the team's: ${problems.join('; ')}`, {
      code: 'beyond_team_limits',
    });
}

/**
 * A key as `GET /admin/keys/{id}` shows it: with its team's limits, which apply beside its own,
 * and what the team's keys used of them today and this month (`teamUsage`; empty when the store
 * does not answer).
 */
export async function withTeamLimits(
  operator: OperatorState,
  store: StateStore,
  view: Record<string, unknown> & { team?: string },
): Promise<Record<string, unknown>> {
  if (view.team === undefined) return view;
  const team = await operator.teams.get(view.team);
  if (!team) return view;
  const [used] = await readUsage(store, [team.id], Date.now()).catch(() => []);
  return {
    ...(used ? { teamUsage: { day: used.day, month: used.month } } : {}),
    ...view,
    teamLimits: {
      name: team.name,
      ...(team.rpm !== undefined ? { rpm: team.rpm } : {}),
      ...(team.tpm !== undefined ? { tpm: team.tpm } : {}),
      budgets: team.budgets,
    },
  };
}
