import { Counter, Gauge, type Registry } from 'prom-client';
import type { DatabaseConnection } from '../ledger/database-connection.js';
import type { LedgerWriter } from '../ledger/ledger-writer.js';

export interface OperatorMetrics {
  dropped: Counter;
  databaseErrors: Counter<'operation'>;
  /** Reads the database state and the ledger's backlog at each scrape. */
  follow(connection: DatabaseConnection, ledger: LedgerWriter): void;
}

/** The database's and the usage ledger's health, for `/metrics` (workers' figures summed, the age and the state their worst). */
export function operatorMetrics(registry: Registry): OperatorMetrics {
  const registers = [registry];
  let source: { connection: DatabaseConnection; ledger: LedgerWriter } | undefined;
  new Gauge({
    name: 'interlingua_database_up',
    help: '1 while the database answers, 0 while it does not (the gateway then serves with the keys in memory and journals ledger rows)',
    aggregator: 'min',
    registers,
    collect() {
      if (source) this.set(source.connection.state === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'interlingua_ledger_pending_rows',
    help: 'Ledger rows the database has not confirmed yet (in memory or in the journal)',
    registers,
    collect() {
      if (source) this.set(source.ledger.buffered);
    },
  });
  new Gauge({
    name: 'interlingua_ledger_journal_bytes',
    help: 'Bytes of ledger journal files not yet trimmed',
    registers,
    collect() {
      if (source) this.set(source.ledger.journalBytes);
    },
  });
  new Gauge({
    name: 'interlingua_ledger_oldest_pending_seconds',
    help: 'Age of the oldest ledger row the database has not confirmed (0 when none waits)',
    aggregator: 'max',
    registers,
    collect() {
      const oldest = source?.ledger.oldestPendingAt;
      this.set(oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });
  return {
    dropped: new Counter({
      name: 'interlingua_ledger_dropped_rows_total',
      help: 'Usage ledger rows dropped: neither journaled (journal full or off) nor held in memory',
      registers,
    }),
    databaseErrors: new Counter({
      name: 'interlingua_database_errors_total',
      help: 'Database calls that failed, by operation',
      labelNames: ['operation'],
      registers,
    }),
    follow(connection, ledger) {
      source = { connection, ledger };
    },
  };
}
