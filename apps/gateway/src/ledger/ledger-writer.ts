import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { LedgerConfig } from '../config/admin-schema.js';
import { LEDGER_COLUMNS, ledgerValues, type LedgerRow } from './ledger-row.js';
import { insertRows, type SqlDatabase } from './sql-database.js';

const RETENTION_CHECK_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Writes ledger rows in batches, never on a request's path: `add` only appends to a bounded
 * buffer. A batch goes out every `flushMs` or once `batchSize` rows wait. While the database does
 * not answer rows stay buffered, up to `maxBuffered`; beyond that they are dropped, counted and
 * logged. `close` writes what is left.
 */
export class LedgerWriter {
  /** `row` for each row added (the console's live log), whether or not it is written yet. */
  readonly events = new EventEmitter();
  private buffer: LedgerRow[] = [];
  private writing: Promise<void> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private droppedTotal = 0;
  private droppedUnlogged = 0;
  private failing = false;

  constructor(
    private readonly db: SqlDatabase,
    private readonly settings: LedgerConfig,
    private readonly logger: Logger,
    private readonly onDrop: (count: number) => void = () => undefined,
  ) {
    this.events.setMaxListeners(0);
  }

  start(): void {
    const flush = setInterval(() => void this.flush(), this.settings.flushMs);
    const retention = setInterval(() => void this.applyRetention(), RETENTION_CHECK_MS);
    for (const timer of [flush, retention]) timer.unref();
    this.timers = [flush, retention];
    void this.applyRetention();
  }

  /** Rows dropped since the start because the buffer was full. */
  get dropped(): number {
    return this.droppedTotal;
  }

  get buffered(): number {
    return this.buffer.length;
  }

  add(row: LedgerRow): void {
    this.events.emit('row', row);
    if (!this.settings.enabled) return;
    if (this.buffer.length >= this.settings.maxBuffered) {
      this.droppedTotal += 1;
      this.droppedUnlogged += 1;
      this.onDrop(1);
      return;
    }
    this.buffer.push(row);
    if (this.buffer.length >= this.settings.batchSize) void this.flush();
  }

  /** Writes every buffered row, batch by batch; resolves when done or when the database failed. */
  flush(): Promise<void> {
    this.writing ??= this.writeAll().finally(() => {
      this.writing = undefined;
    });
    return this.writing;
  }

  /** Stops the timers and writes what is left. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.writing;
    await this.flush();
  }

  private async writeAll(): Promise<void> {
    this.logDrops();
    while (this.buffer.length > 0) {
      const batch = this.buffer.slice(0, this.settings.batchSize);
      try {
        await insertRows(this.db, 'interlingua_requests', LEDGER_COLUMNS, batch.map(ledgerValues));
      } catch (error) {
        if (!this.failing) this.logger.warn({ err: error instanceof Error ? error.message : String(error), buffered: this.buffer.length }, 'usage ledger: database write failed; rows stay buffered');
        this.failing = true;
        return;
      }
      if (this.failing) this.logger.info({ buffered: this.buffer.length }, 'usage ledger: database writes resumed');
      this.failing = false;
      this.buffer.splice(0, batch.length);
    }
  }

  private logDrops(): void {
    if (this.droppedUnlogged === 0) return;
    this.logger.warn({ dropped: this.droppedUnlogged, droppedTotal: this.droppedTotal, maxBuffered: this.settings.maxBuffered }, 'usage ledger: buffer full, rows dropped');
    this.droppedUnlogged = 0;
  }

  private async applyRetention(): Promise<void> {
    if (this.settings.retentionDays === 0) return;
    try {
      await this.db.run('DELETE FROM interlingua_requests WHERE at < ?', [Date.now() - this.settings.retentionDays * DAY_MS]);
    } catch (error) {
      this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'usage ledger: retention cleanup failed');
    }
  }
}
