import type { IncomingMessage } from 'node:http';
import { IrError } from '@interlingua/ir';
import type { GatewayKey } from '../auth/api-keys.js';
import type { RequestContext } from '../context/request-context.js';
import type { GatewayRuntime, KeyChange } from '../operations/gateway-ops.js';
import { auditAdminAction } from './admin-audit.js';
import { keyNotFound } from './key-access.js';
import { applyKeyChange } from './key-change.js';
import type { OperatorState } from './operator-state.js';
import type { RuntimeKeyRecord } from './runtime-key-store.js';
import { gatewayError, errorText } from '../http/style-errors.js';

/*
 * Finding the runtime key an admin call names, and changing it when the database may not answer:
 * a revocation still reaches every worker of this instance, other calls answer 503 saying so.
 */

/** An admin request whose path names a key (`params.id`). */
export type KeyRequest = IncomingMessage & { params?: Record<string, unknown> };

/** What a revocation touches: this instance's keys, the spread to its workers and the audit log. */
export interface KeyRevocationScope {
  keys: readonly GatewayKey[];
  ops: { runtime: Pick<GatewayRuntime, 'spreadKeyChange' | 'logger'> };
}

/**
 * A disable, rotation or deletion: saved in the database, then applied by every worker of this
 * instance before the answer (other instances follow within `keyRefreshMs`). When the database
 * does not answer, the old secret is refused by every worker of this instance all the same (until
 * a later change of that key is saved, or a restart) and the answer is a 503 saying so.
 */
export async function revoke<T>(
  gateway: KeyRevocationScope,
  operator: OperatorState,
  request: KeyRequest,
  context: RequestContext,
  action: string,
  write: (id: string) => Promise<T>,
): Promise<T> {
  const target = await revocationTarget(operator, gateway.keys, request);
  /** Applies the change on every worker of this instance and audits it with how far it reached. */
  const applyAndAudit = async (change: KeyChange, outcome: string): Promise<void> => {
    const reach = await applyKeyChange(gateway.ops.runtime, operator, change);
    auditAdminAction(gateway.ops.runtime.logger, request, context, action, {
      keyId: target.id,
      keyName: target.name,
      team: target.team,
      outcome,
      ...reach,
    });
  };
  let result: T;
  try {
    result = await write(target.id);
  } catch (error) {
    if (error instanceof IrError) throw error;
    await applyAndAudit({ refuse: [target.id] }, 'refused-here-not-saved');
    throw gatewayError(
      'overloaded',
      `The database did not answer, so the change to key "${target.name}" (${target.id}) was not saved. Every worker of this gateway instance refuses that key's current secret from now until it restarts; other instances still accept it. Retry when the database answers.`,
      { status: 503, code: 'database_unavailable' },
    );
  }
  await applyAndAudit({ allow: [target.id] }, 'saved');
  return result;
}

/** The key a revocation names: from the database, or from this instance's keys when the database does not answer. */
async function revocationTarget(
  operator: OperatorState,
  keys: readonly GatewayKey[],
  request: KeyRequest,
): Promise<{ id: string; name: string; team?: string }> {
  try {
    return await existing(operator, keys, request);
  } catch (error) {
    if (error instanceof IrError) throw error;
    const id = String(request.params?.id ?? '');
    const name = operator.registry.nameOfId(id);
    if (name === undefined) throw databaseUnavailable(error);
    return { id, name };
  }
}

/** A database call; when the database does not answer, a 503 saying so instead of a bare 500. */
export async function saved<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw error instanceof IrError ? error : databaseUnavailable(error);
  }
}

function databaseUnavailable(error: unknown): IrError {
  return gatewayError('overloaded', `The database did not answer (${errorText(error)}); retry when it does`, {
    status: 503,
    code: 'database_unavailable',
  });
}

/** The runtime key the path names; 404 otherwise, 403 for a key from the config file. */
export async function existing(
  operator: OperatorState,
  keys: readonly GatewayKey[],
  request: KeyRequest,
): Promise<RuntimeKeyRecord> {
  const id = String(request.params?.id ?? '');
  const configKey = keys.find((key) => key.id === id);
  if (configKey) {
    throw gatewayError(
      'permission',
      `Key "${configKey.name}" comes from the config file and is read-only here; change it in the file`,
      { code: 'read_only_key' },
    );
  }
  return (await operator.keys.get(id)) ?? notFound(id);
}

/** `existing`, with a 503 when the database does not answer. */
export function existingSaved(
  operator: OperatorState,
  keys: readonly GatewayKey[],
  request: KeyRequest,
): Promise<RuntimeKeyRecord> {
  return saved(existing(operator, keys, request));
}

export function notFound(id: string): never {
  throw keyNotFound(id);
}
