import { configKeyId } from '../auth/api-keys.js';
import type { KeyConfig } from '../config/config-schema.js';
import type { GatewayKey } from '../auth/api-keys.js';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import type { RequestContext } from '../context/request-context.js';
import type { RouteEntry } from '../route/route-entry.js';
import { adminRoute } from './ops-routes.js';
import { auditAdminAction } from './admin-audit.js';
import { parseBody, readJson, sendAdminJson, nameTaken } from './admin-json-body.js';
import type { AdminKeysScope } from './admin-scope.js';
import { applyKeyChange } from './key-change.js';
import { refuseUnmatchedCostBudget, type CostBudgetScope } from './cost-budget-check.js';
import { requireOperator, type OperatorState } from './operator-state.js';
import { createKeySchema, rotateKeySchema, updateKeySchema } from './runtime-key-input.js';
import type { AdminPrincipal } from '../auth/admin-principal.js';
import { isGatewayAdmin, teamRoles, type KeyAction } from '../teams/access-rules.js';
import { checkKeyPatch, checkNewKey, requireKeyAccess, visibleKeys, withTeamLimits } from './key-access.js';
import { keyLimitFields } from './runtime-key-registry.js';
import type { RuntimeKeyRecord } from './runtime-key-store.js';
import { existingSaved, notFound, revoke, saved, type KeyRequest } from './runtime-key-lookup.js';

/** What one key change touches: the configured keys (names, ids), the spread to the workers, the audit log and the store (team limits). */
interface KeyRouteScope extends CostBudgetScope {
  config: CostBudgetScope['config'] & {
    keys: readonly KeyConfig[];
    admin?: { rotationOverlapSeconds: number } | undefined;
  };
  keys: readonly GatewayKey[];
  ops: CostBudgetScope['ops'] & { runtime: Pick<GatewayRuntime, 'spreadKeyChange' | 'logger' | 'store'> };
}

/** One call of a key route: the gateway's slice, the operator state, the request and who asks. */
interface KeyCall {
  gateway: KeyRouteScope;
  operator: OperatorState;
  request: KeyRequest;
  context: RequestContext;
  principal: AdminPrincipal;
}

/**
 * The admin key API (admin secret as Bearer): create, list, read, update, disable, enable, rotate
 * and delete keys at runtime. A new or rotated key's secret is in that answer only. Keys from the
 * config file are listed read-only.
 */
export function adminKeyRoutes(gateway: AdminKeysScope): RouteEntry[] {
  /** A key route open to team roles; with `action`, the key the path names is checked against the principal first. */
  const route = (handler: (call: KeyCall) => Promise<void>, action?: KeyAction) =>
    adminRoute(
      gateway,
      async (request, _response, context, principal) => {
        const operator = requireOperator(gateway.ops.runtime, 'Keys at runtime need');
        if (action)
          await saved(requireKeyAccess(operator, gateway.keys, principal, String(request.params?.id ?? ''), action));
        return handler({ gateway, operator, request, context, principal });
      },
      teamRoles,
    );
  return [
    { method: 'get', path: '/admin/keys', handler: route(listKeys) },
    { method: 'post', path: '/admin/keys', handler: route(createKey) },
    { method: 'get', path: '/admin/keys/:id', handler: route(readKey, 'read') },
    { method: 'patch', path: '/admin/keys/:id', handler: route(updateKey, 'update') },
    { method: 'post', path: '/admin/keys/:id/disable', handler: route(disableKey, 'disable') },
    { method: 'post', path: '/admin/keys/:id/enable', handler: route(enableKey, 'enable') },
    { method: 'post', path: '/admin/keys/:id/rotate', handler: route(rotateKey, 'rotate') },
    { method: 'delete', path: '/admin/keys/:id', handler: route(deleteKey, 'delete') },
  ];
}

async function listKeys({ gateway, operator, context, principal }: KeyCall): Promise<void> {
  sendAdminJson(context, 200, {
    object: 'list',
    data: [
      ...(isGatewayAdmin(principal) ? configKeys(gateway.config.keys) : []),
      ...visibleKeys(principal, await saved(operator.keys.list())).map(runtimeView),
    ],
  });
}

async function readKey({ gateway, operator, request, context }: KeyCall): Promise<void> {
  const record = runtimeView(await existingSaved(operator, gateway.keys, request));
  sendAdminJson(context, 200, await saved(withTeamLimits(operator, gateway.ops.runtime.store, record)));
}

async function createKey({ gateway, operator, request, context, principal }: KeyCall): Promise<void> {
  const input = parseBody(createKeySchema, await readJson(request));
  refuseUnmatchedCostBudget(gateway, input.budgets, input.models);
  await saved(checkNewKey(operator, principal, input));
  await refuseTakenName(gateway.config.keys, operator, input.name);
  const { record, secret } = await saved(operator.keys.create(input, principal.subject));
  await applyKeyChange(gateway.ops.runtime, operator, { allow: [record.id] });
  auditAdminAction(gateway.ops.runtime.logger, request, context, 'key.create', {
    keyId: record.id,
    keyName: record.name,
    team: record.team,
  });
  sendAdminJson(context, 201, { ...runtimeView(record), secret });
}

async function updateKey({ gateway, operator, request, context, principal }: KeyCall): Promise<void> {
  const current = await existingSaved(operator, gateway.keys, request);
  const patch = parseBody(updateKeySchema, await readJson(request));
  if (patch.budgets !== undefined || patch.models !== undefined)
    refuseUnmatchedCostBudget(gateway, patch.budgets ?? current.budgets, patch.models ?? current.models);
  await saved(checkKeyPatch(operator, principal, current, patch));
  if (patch.name !== undefined) await refuseTakenName(gateway.config.keys, operator, patch.name, current.id);
  const record = (await saved(operator.keys.update(current.id, patch))) ?? notFound(current.id);
  await applyKeyChange(gateway.ops.runtime, operator, { allow: [current.id] });
  auditAdminAction(gateway.ops.runtime.logger, request, context, 'key.update', {
    keyId: current.id,
    keyName: record.name,
    team: record.team,
    fields: Object.keys(patch).sort().join(','),
  });
  sendAdminJson(context, 200, runtimeView(record));
}

async function enableKey({ gateway, operator, request, context }: KeyCall): Promise<void> {
  const current = await existingSaved(operator, gateway.keys, request);
  const record = (await saved(operator.keys.update(current.id, { disabled: false }))) ?? notFound(current.id);
  await applyKeyChange(gateway.ops.runtime, operator, { allow: [current.id] });
  auditAdminAction(gateway.ops.runtime.logger, request, context, 'key.enable', {
    keyId: current.id,
    keyName: record.name,
  });
  sendAdminJson(context, 200, runtimeView(record));
}

async function disableKey({ gateway, operator, request, context }: KeyCall): Promise<void> {
  const record = await revoke(
    gateway,
    operator,
    request,
    context,
    'key.disable',
    async (id) => (await operator.keys.update(id, { disabled: true })) ?? notFound(id),
  );
  sendAdminJson(context, 200, runtimeView(record));
}

async function rotateKey({ gateway, operator, request, context }: KeyCall): Promise<void> {
  const { overlapSeconds = gateway.config.admin?.rotationOverlapSeconds ?? 0 } = parseBody(
    rotateKeySchema,
    await readJson(request),
  );
  const { record, ...rotated } = await revoke(
    gateway,
    operator,
    request,
    context,
    'key.rotate',
    async (id) => (await operator.keys.rotate(id, overlapSeconds * 1_000)) ?? notFound(id),
  );
  sendAdminJson(context, 200, { ...runtimeView(record), ...rotated });
}

async function deleteKey({ gateway, operator, request, context }: KeyCall): Promise<void> {
  const id = String(request.params?.id ?? '');
  await revoke(gateway, operator, request, context, 'key.delete', async (target) =>
    (await operator.keys.delete(target)) ? true : notFound(target),
  );
  sendAdminJson(context, 200, { id, object: 'key', deleted: true });
}

async function refuseTakenName(
  configKeys: readonly KeyConfig[],
  operator: OperatorState,
  name: string,
  exceptId?: string,
): Promise<void> {
  const configKey = configKeys.find((key) => key.name === name);
  if (configKey)
    throw nameTaken(
      `A key named "${name}" already exists in the config file (id ${configKeyId(configKey)}); config and runtime keys share one set of names`,
      'key_name_taken',
    );
  if (await saved(operator.keys.nameTaken(name, exceptId)))
    throw nameTaken(`A runtime key named "${name}" already exists`, 'key_name_taken');
}

function runtimeView(record: RuntimeKeyRecord): Record<string, unknown> {
  return { object: 'key', source: 'runtime', readOnly: false, ...record };
}

/** Keys from the config file, as the list shows them (never their secrets). */
function configKeys(keys: readonly KeyConfig[]): Array<Record<string, unknown>> {
  return keys.map((key: KeyConfig) => ({
    object: 'key',
    id: configKeyId(key),
    source: 'config',
    readOnly: true,
    name: key.name,
    ...keyLimitFields(key),
    metadata: {},
    disabled: false,
  }));
}
