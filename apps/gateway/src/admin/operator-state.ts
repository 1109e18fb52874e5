import { Counter } from 'prom-client';
import type { GatewayKey } from '../auth/api-keys.js';
import type { GatewayConfig } from '../config/config-schema.js';
import type { Gateway } from '../gateway.js';
import { LedgerWriter } from '../ledger/ledger-writer.js';
import { openDatabase } from '../ledger/open-database.js';
import type { SqlDatabase } from '../ledger/sql-database.js';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import { RuntimeKeyRegistry } from './runtime-key-registry.js';
import { RuntimeKeyStore } from './runtime-key-store.js';

/** The operator's side of a running gateway: its database, runtime keys and usage ledger. */
export interface OperatorState {
  db: SqlDatabase;
  keys: RuntimeKeyStore;
  registry: RuntimeKeyRegistry;
  ledger: LedgerWriter;
}

const states = new WeakMap<GatewayRuntime, OperatorState>();
const closers = new WeakMap<GatewayRuntime, () => Promise<void>>();

/**
 * Opens the configured database (migrating it), loads the runtime keys and starts the ledger,
 * once per runtime; nothing without a `database` section. SIGHUP flushes the ledger.
 */
export async function attachOperator(runtime: GatewayRuntime, config: GatewayConfig): Promise<void> {
  if (!config.database || states.has(runtime)) return;
  const db = await openDatabase(config.database, (notice) =>
    runtime.logger.warn(notice, notice.tightened ? 'database: a data file others could read was made owner-only' : 'database: a data file others can read could not be made owner-only'),
  );
  const keys = new RuntimeKeyStore(db);
  const registry = new RuntimeKeyRegistry(keys, runtime.storeError);
  const dropped = new Counter({ name: 'interlingua_ledger_dropped_rows_total', help: 'Usage ledger rows dropped because the buffer was full while the database did not answer', registers: [runtime.metrics.registry] });
  const ledger = new LedgerWriter(db, config.ledger, runtime.logger, (count) => dropped.inc(count));
  try {
    await registry.start(config.database.keyRefreshMs);
  } catch (error) {
    await db.close();
    throw error;
  }
  ledger.start();
  const flushOnHangUp = (): void => void ledger.flush();
  process.on('SIGHUP', flushOnHangUp);
  states.set(runtime, { db, keys, registry, ledger });
  runtime.runtimeKeys = registry;
  closers.set(runtime, async () => {
    process.off('SIGHUP', flushOnHangUp);
    registry.stop();
    await ledger.close();
    await db.close();
  });
}

/** Writes the ledger's last rows and closes the database (shutdown). */
export async function detachOperator(runtime: GatewayRuntime): Promise<void> {
  const close = closers.get(runtime);
  closers.delete(runtime);
  states.delete(runtime);
  runtime.runtimeKeys = undefined;
  await close?.();
}

export function operatorOf(gateway: Gateway): OperatorState | undefined {
  return states.get(gateway.ops.runtime);
}

/** The enabled runtime key whose secret was presented, when the gateway has a database. */
export function findRuntimeKey(gateway: Gateway, presented: string): GatewayKey | undefined {
  return states.get(gateway.ops.runtime)?.registry.find(presented);
}
