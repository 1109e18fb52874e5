import { DEFAULT_DATA_DIR } from '../config/admin-defaults.js';
import type { GatewayConfig } from '../config/config-schema.js';
import { DatabaseConnection } from '../ledger/database-connection.js';
import { LedgerWriter } from '../ledger/ledger-writer.js';
import type { SqlDatabase } from '../ledger/sql-database.js';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import { operatorMetrics } from './operator-metrics.js';
import { RuntimeKeyRegistry } from './runtime-key-registry.js';
import { RuntimeKeyStore } from './runtime-key-store.js';
import { TeamStore } from '../teams/team-store.js';
import { AdminTokenStore } from '../teams/admin-token-store.js';
import { AuditTrail } from './audit-trail.js';
import { configureSignIn } from '../signin/sign-in-state.js';
import { gatewayError } from '../http/style-errors.js';

/** The operator's side of a running gateway: its database, runtime keys and usage ledger. */
export interface OperatorState {
  db: SqlDatabase;
  connection: DatabaseConnection;
  keys: RuntimeKeyStore;
  registry: RuntimeKeyRegistry;
  teams: TeamStore;
  tokens: AdminTokenStore;
  audit: AuditTrail;
  ledger: LedgerWriter;
  /** What `/ready` answers while the database does not answer. */
  unreachableStatus: 200 | 503;
}

const states = new WeakMap<GatewayRuntime, OperatorState>();
const closers = new WeakMap<GatewayRuntime, () => Promise<void>>();

/**
 * Opens the configured database (migrating it), loads the runtime keys and starts the ledger,
 * once per runtime; nothing without a `database` section. A database that does not answer does
 * not stop the start: the gateway serves with the config's keys, ledger rows wait in the journal,
 * and the database is tried again in the background. SIGHUP flushes the ledger.
 */
export async function attachOperator(runtime: GatewayRuntime, config: GatewayConfig): Promise<void> {
  if (!config.database || states.has(runtime)) return;
  const database = config.database;
  const connection = new DatabaseConnection(database, runtime.logger, (notice) =>
    runtime.logger.warn(
      notice,
      notice.tightened
        ? 'database: a data file others could read was made owner-only'
        : 'database: a data file others can read could not be made owner-only',
    ),
  );
  const { db } = connection;
  const keys = new RuntimeKeyStore(db);
  const metrics = operatorMetrics(runtime.metrics.registry);
  const databaseError = (operation: string, error: unknown): void => {
    metrics.databaseErrors.inc({ operation });
    connection.report(error);
  };
  const registry = new RuntimeKeyRegistry(
    keys,
    (operation, error) => databaseError(operation, error),
    () => connection.report(undefined),
  );
  const journalDir = config.ledger.journal.dir ?? (database.type === 'sqlite' ? database.dir : DEFAULT_DATA_DIR);
  const ledger = new LedgerWriter(db, config.ledger, runtime.logger, {
    onDrop: (count) => metrics.dropped.inc(count),
    journalDir,
    onWrite: (error) => (error === undefined ? connection.report(undefined) : databaseError('ledger write', error)),
  });
  metrics.follow(connection, ledger);
  connection.onUp = () => void ledger.databaseAnswers();
  ledger.start();
  let following = false;
  await connection.open(async () => {
    if (following) return;
    await registry.start(database.keyRefreshMs);
    following = true;
  });
  const flushOnHangUp = (): void => void ledger.flush();
  process.on('SIGHUP', flushOnHangUp);
  const teams = new TeamStore(db);
  configureSignIn(runtime, { memberships: teams });
  states.set(runtime, {
    db,
    connection,
    keys,
    registry,
    teams,
    tokens: new AdminTokenStore(db),
    audit: new AuditTrail(db),
    ledger,
    unreachableStatus: database.unreachableStatus,
  });
  runtime.runtimeKeys = registry;
  runtime.ledger = ledger;
  closers.set(runtime, async () => {
    process.off('SIGHUP', flushOnHangUp);
    registry.stop();
    await ledger.close();
    await connection.close();
  });
}

/** Writes the ledger's last rows and closes the database (shutdown). */
export async function detachOperator(runtime: GatewayRuntime): Promise<void> {
  const close = closers.get(runtime);
  closers.delete(runtime);
  states.delete(runtime);
  runtime.runtimeKeys = undefined;
  runtime.ledger = undefined;
  await close?.();
}

export function operatorOf(runtime: GatewayRuntime): OperatorState | undefined {
  return states.get(runtime);
}

/**
 * The operator state, for a route that cannot work without the database: 404 `no_database`
 * otherwise, saying what needs it (`needs`: "Keys at runtime need", "The usage ledger needs", …).
 */
export function requireOperator(runtime: GatewayRuntime, needs: string): OperatorState {
  const operator = operatorOf(runtime);
  if (!operator)
    throw gatewayError('unsupported', `${needs} a database: add a database section to the config`, {
      status: 404,
      code: 'no_database',
    });
  return operator;
}

/**
 * Config keys named like a runtime key: config and runtime keys share one set of names, so such
 * a config is refused (at start and on reload) with one problem per clash.
 */
export function runtimeNameClashes(runtime: GatewayRuntime, config: GatewayConfig): string[] {
  const keys = runtime.runtimeKeys;
  if (!keys) return [];
  return config.keys.flatMap((key, i) => {
    const id = keys.idOfName(key.name);
    return id === undefined
      ? []
      : [
          `keys[${i}].name: "${key.name}" is already the name of the runtime key ${id} (config and runtime keys share one set of names); rename this key, or rename or delete the runtime key through /admin/keys/${id}`,
        ];
  });
}
