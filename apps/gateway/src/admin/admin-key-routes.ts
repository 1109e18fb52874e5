import type { IncomingMessage } from 'node:http';
import { IrError } from '@interlingua/ir';
import type { z } from 'zod';
import { formatIssues } from '../config/load-config.js';
import type { KeyConfig } from '../config/config-schema.js';
import type { Gateway } from '../gateway.js';
import type { RequestContext } from '../admit/request-context.js';
import { readBody } from '../http/read-body.js';
import type { RouteEntry } from '../route/route-entry.js';
import { adminRoute } from '../route/ops-routes.js';
import { operatorOf, type OperatorState } from './operator-state.js';
import { createKeySchema, updateKeySchema } from './runtime-key-input.js';
import type { RuntimeKeyRecord } from './runtime-key-store.js';

const MAX_BODY_BYTES = 64 * 1024;
type Request = IncomingMessage & { params?: Record<string, unknown> };

/**
 * The admin key API (admin secret as Bearer): create, list, read, update, disable, enable, rotate
 * and delete keys at runtime. A new or rotated key's secret is in that answer only. Keys from the
 * config file are listed read-only.
 */
export function adminKeyRoutes(gateway: Gateway): RouteEntry[] {
  const route = (handler: (operator: OperatorState, request: Request, context: RequestContext) => Promise<void>) =>
    adminRoute(gateway, async (request, _response, context) => handler(requireOperator(gateway), request, context));
  return [
    { method: 'get', path: '/admin/keys', handler: route(async (operator, request, context) => sendJson(context, 200, { object: 'list', data: [...configKeys(gateway), ...(await operator.keys.list()).map(runtimeView)] })) },
    { method: 'post', path: '/admin/keys', handler: route(async (operator, request, context) => createKey(gateway, operator, request, context)) },
    { method: 'get', path: '/admin/keys/:id', handler: route(async (operator, request, context) => sendJson(context, 200, runtimeView(await existing(operator, gateway, request)))) },
    { method: 'patch', path: '/admin/keys/:id', handler: route(async (operator, request, context) => updateKey(gateway, operator, request, context)) },
    { method: 'post', path: '/admin/keys/:id/disable', handler: route(async (operator, request, context) => setDisabled(gateway, operator, request, context, true)) },
    { method: 'post', path: '/admin/keys/:id/enable', handler: route(async (operator, request, context) => setDisabled(gateway, operator, request, context, false)) },
    { method: 'post', path: '/admin/keys/:id/rotate', handler: route(async (operator, request, context) => rotateKey(gateway, operator, request, context)) },
    { method: 'delete', path: '/admin/keys/:id', handler: route(async (operator, request, context) => deleteKey(gateway, operator, request, context)) },
  ];
}

async function createKey(gateway: Gateway, operator: OperatorState, request: Request, context: RequestContext): Promise<void> {
  const input = parseBody(createKeySchema, await readJson(request));
  await refuseTakenName(gateway, operator, input.name);
  const { record, secret } = await operator.keys.create(input);
  await operator.registry.refresh(true);
  sendJson(context, 201, { ...runtimeView(record), secret });
}

async function updateKey(gateway: Gateway, operator: OperatorState, request: Request, context: RequestContext): Promise<void> {
  const current = await existing(operator, gateway, request);
  const patch = parseBody(updateKeySchema, await readJson(request));
  if (patch.name !== undefined) await refuseTakenName(gateway, operator, patch.name, current.id);
  const record = await operator.keys.update(current.id, patch);
  await operator.registry.refresh(true);
  sendJson(context, 200, runtimeView(record ?? notFound(current.id)));
}

async function setDisabled(gateway: Gateway, operator: OperatorState, request: Request, context: RequestContext, disabled: boolean): Promise<void> {
  const current = await existing(operator, gateway, request);
  const record = await operator.keys.update(current.id, { disabled });
  await operator.registry.refresh(true);
  sendJson(context, 200, runtimeView(record ?? notFound(current.id)));
}

async function rotateKey(gateway: Gateway, operator: OperatorState, request: Request, context: RequestContext): Promise<void> {
  const current = await existing(operator, gateway, request);
  const rotated = await operator.keys.rotate(current.id);
  await operator.registry.refresh(true);
  if (!rotated) notFound(current.id);
  sendJson(context, 200, { ...runtimeView(rotated.record), secret: rotated.secret });
}

async function deleteKey(gateway: Gateway, operator: OperatorState, request: Request, context: RequestContext): Promise<void> {
  const current = await existing(operator, gateway, request);
  await operator.keys.delete(current.id);
  await operator.registry.refresh(true);
  sendJson(context, 200, { id: current.id, object: 'key', deleted: true });
}

function requireOperator(gateway: Gateway): OperatorState {
  const operator = operatorOf(gateway);
  if (!operator) {
    throw new IrError({ kind: 'unsupported', status: 404, message: 'Keys at runtime need a database: add a database section to the config', code: 'no_database', source: 'gateway' });
  }
  return operator;
}

/** The runtime key the path names; 404 otherwise, 403 for a key from the config file. */
async function existing(operator: OperatorState, gateway: Gateway, request: Request): Promise<RuntimeKeyRecord> {
  const id = String(request.params?.id ?? '');
  if (id.startsWith('config:') && gateway.config.keys.some((key) => `config:${key.name}` === id)) {
    throw new IrError({ kind: 'permission', message: `Key "${id.slice('config:'.length)}" comes from the config file and is read-only here; change it in the file`, code: 'read_only_key', source: 'gateway' });
  }
  return (await operator.keys.get(id)) ?? notFound(id);
}

function notFound(id: string): never {
  throw new IrError({ kind: 'not-found', message: `No key with id "${id}"`, code: 'key_not_found', param: 'id', source: 'gateway' });
}

async function refuseTakenName(gateway: Gateway, operator: OperatorState, name: string, exceptId?: string): Promise<void> {
  if (gateway.config.keys.some((key) => key.name === name) || (await operator.keys.nameTaken(name, exceptId))) {
    throw new IrError({ kind: 'invalid-request', status: 409, message: `A key named "${name}" already exists`, code: 'key_name_taken', param: 'name', source: 'gateway' });
  }
}

/** The request body as JSON (at most 64 KiB); a 400 naming the problem otherwise. */
export async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = (await readBody(request, MAX_BODY_BYTES)).toString('utf8');
  try {
    return JSON.parse(text || '{}') as unknown;
  } catch {
    throw new IrError({ kind: 'invalid-request', message: 'The request body is not valid JSON', code: 'invalid_json', source: 'gateway' });
  }
}

function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new IrError({ kind: 'invalid-request', message: formatIssues(parsed.error.issues).join('; '), code: 'invalid_key_fields', source: 'gateway' });
  return parsed.data;
}

function runtimeView(record: RuntimeKeyRecord): Record<string, unknown> {
  return { object: 'key', source: 'runtime', readOnly: false, ...record };
}

/** Keys from the config file, as the list shows them (never their secrets). */
function configKeys(gateway: Gateway): Array<Record<string, unknown>> {
  return gateway.config.keys.map((key: KeyConfig) => ({
    object: 'key',
    id: `config:${key.name}`,
    source: 'config',
    readOnly: true,
    name: key.name,
    models: key.models,
    ...(key.endpoints ? { endpoints: key.endpoints } : {}),
    ...(key.rpm !== undefined ? { rpm: key.rpm } : {}),
    ...(key.tpm !== undefined ? { tpm: key.tpm } : {}),
    budgets: key.budgets,
    ...(key.expiresAt ? { expiresAt: key.expiresAt } : {}),
    metadata: {},
    disabled: false,
  }));
}

function sendJson(context: RequestContext, status: number, body: unknown): void {
  context.sink.sendJson(status, body, { 'cache-control': 'no-store' });
}
