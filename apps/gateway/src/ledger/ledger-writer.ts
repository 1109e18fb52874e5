import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { LedgerConfig } from '../config/admin-schema.js';
import type { JournalEntry } from './journal-entry.js';
import { orphanJournals, shipJournalFile } from './journal-replay.js';
import { JournalQueue } from './journal-queue.js';
import { LedgerJournal } from './ledger-journal.js';
import { ledgerValues, STORED_COLUMNS, type LedgerRow } from './ledger-row.js';
import { privateFolder } from './private-files.js';
import { insertRows, type SqlDatabase } from './sql-database.js';
import { errorText } from '../http/style-errors.js';

const RETENTION_CHECK_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface LedgerWriterOptions {
  /** Rows dropped (neither journaled nor held). */
  onDrop?(count: number): void;
  /** The journal's folder; without one rows wait in memory only. */
  journalDir?: string;
  /** The outcome of each database write (`undefined`: it went through). */
  onWrite?(error: unknown): void;
}

/**
 * Writes ledger rows in batches, never on a request's path: `add` only appends to buffers. With a
 * journal, rows are appended to a local file before the database has them: on the defaults
 * (`journal.commitMs: 0`) in the turn of the event loop they are recorded, every row of that
 * turn in one write, and `add` gives that write (the answer's last bytes wait for it); with a
 * `commitMs`, every that often. The file is synced every `journal.syncMs`. A batch goes to the
 * database every `flushMs` or once `batchSize` rows wait, and journal files are trimmed once the
 * database confirmed their rows. While the database does not answer rows stay journaled (up to `journal.maxBytes`) and in
 * memory (up to `maxBuffered`); rows past the memory bound are read back from the journal when
 * the database returns. Journals left by processes that are gone are replayed. Each row carries
 * a unique id, and a row already stored is skipped, so a replay never writes a row twice.
 */
export class LedgerWriter {
  /** `row` for each row added (the console's live log), whether or not it is written yet. */
  readonly events = new EventEmitter();
  private buffer: JournalEntry[] = [];
  /** The journal and the rows for its next append. */
  private readonly queue: JournalQueue | undefined;
  private seq = 0;
  /** Row ids are this prefix and the row's sequence: unique across processes and restarts. */
  private readonly idPrefix = randomBytes(8).toString('hex');
  /** Rows journaled but not held in memory (the memory bound was reached). */
  private spilled = 0;
  private spilledSince: number | undefined;
  private recoveryNeeded: boolean;
  private writing: Promise<void> | undefined;
  /** The retention cleanup has not gone through since the start or the last failure. */
  private retentionDue = true;
  private timers: NodeJS.Timeout[] = [];
  private droppedTotal = 0;
  private droppedUnlogged = 0;
  private failing = false;

  constructor(
    private readonly db: SqlDatabase,
    private readonly settings: LedgerConfig,
    private readonly logger: Logger,
    private readonly options: LedgerWriterOptions = {},
  ) {
    this.events.setMaxListeners(0);
    const journal =
      options.journalDir && settings.enabled && settings.journal.enabled
        ? this.openJournal(options.journalDir)
        : undefined;
    this.queue = journal && new JournalQueue(journal, logger);
    this.recoveryNeeded = journal !== undefined;
  }

  private get journal(): LedgerJournal | undefined {
    return this.queue?.journal;
  }

  private openJournal(dir: string): LedgerJournal | undefined {
    try {
      privateFolder(dir, (notice) => this.logger.warn(notice, 'usage ledger: the journal folder was open to others'));
    } catch (error) {
      this.logger.error(
        { dir, err: errorText(error) },
        'usage ledger: no journal folder; rows are held in memory only',
      );
      return undefined;
    }
    return new LedgerJournal({ dir, maxBytes: this.settings.journal.maxBytes });
  }

  start(): void {
    const timers = [
      setInterval(() => void this.flush(), this.settings.flushMs),
      setInterval(() => void this.applyRetention(), RETENTION_CHECK_MS),
    ];
    if (this.journal) {
      const { commitMs, syncMs } = this.settings.journal;
      if (commitMs > 0) timers.push(setInterval(() => void this.commitJournal(), commitMs));
      timers.push(
        setInterval(
          () =>
            void this.commitJournal()
              .then(() => this.journal?.sync())
              .catch((error: unknown) => this.queue?.failed(error)),
          syncMs,
        ),
      );
    }
    for (const timer of timers) timer.unref();
    this.timers = timers;
    // The retention cleanup's first run waits for the database (`databaseAnswers`).
    // Journals of processes that are gone go out with the first write.
    if (this.recoveryNeeded) void this.flush();
  }

  /** Rows dropped since the start (past both bounds). */
  get dropped(): number {
    return this.droppedTotal;
  }

  /** Rows the database has not confirmed yet (in memory and journaled only). */
  get buffered(): number {
    return this.buffer.length + this.spilled;
  }

  /** When the oldest row the database has not confirmed was recorded (epoch ms). */
  get oldestPendingAt(): number | undefined {
    const first = this.buffer[0]?.at;
    if (first === undefined) return this.spilledSince;
    return this.spilledSince === undefined ? first : Math.min(first, this.spilledSince);
  }

  /** Bytes of this process's journal files (rows not yet trimmed). */
  get journalBytes(): number {
    return this.journal?.bytes ?? 0;
  }

  /** True when the journal reached `journal.maxBytes` (new rows are then held in memory only). */
  get journalFull(): boolean {
    return this.journal?.full ?? false;
  }

  /**
   * Records a row; gives the journal write that carries it when it is journaled on the defaults
   * (`journal.commitMs: 0`). The promise never rejects.
   */
  add(row: LedgerRow): Promise<void> | undefined {
    this.events.emit('row', row);
    if (!this.settings.enabled) return undefined;
    const seq = ++this.seq;
    const entry: JournalEntry = { ...row, rowId: `${this.idPrefix}.${seq.toString(36)}`, seq };
    const queue = this.queue;
    const journaled = queue !== undefined && !queue.journal.full;
    let journalWrite: Promise<void> | undefined;
    if (journaled) {
      queue.push(entry);
      if (this.settings.journal.commitMs === 0) journalWrite = queue.commitSoon();
    }
    if (this.buffer.length >= this.settings.maxBuffered) {
      if (journaled) {
        this.spilled += 1;
        this.spilledSince ??= entry.at;
        this.recoveryNeeded = true;
      } else {
        this.droppedTotal += 1;
        this.droppedUnlogged += 1;
        this.options.onDrop?.(1);
      }
      return journalWrite;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= this.settings.batchSize) void this.flush();
    return journalWrite;
  }

  /** Writes every buffered row, batch by batch; resolves when done or when the database failed. */
  flush(): Promise<void> {
    this.writing ??= this.writeAll().finally(() => {
      this.writing = undefined;
    });
    return this.writing;
  }

  /** Stops the timers, journals and writes what is left; what the database did not take stays journaled for the next start. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.commitJournal();
    await this.writing;
    await this.flush();
    await this.journal?.close().catch((error: unknown) => this.queue?.failed(error));
  }

  /** Appends the rows recorded since the last append to the journal (one write); with a `journal.commitMs` its timer calls it. */
  commitJournal(): Promise<void> {
    return this.queue?.commit() ?? Promise.resolve();
  }

  private async writeAll(): Promise<void> {
    this.logDrops();
    while (this.buffer.length > 0) {
      const batch = this.buffer.slice(0, this.settings.batchSize);
      if (!(await this.write(batch))) return;
      this.buffer.splice(0, batch.length);
      // With rows journaled but not held, the files keep them until they are read back.
      const last = batch[batch.length - 1];
      if (this.spilled === 0 && last)
        void this.journal?.release(last.seq).catch((error: unknown) => this.queue?.failed(error));
    }
    // Journal files are read back only while the database takes writes (`databaseAnswers` says when it does again).
    if (this.recoveryNeeded && !this.failing) await this.recover();
  }

  /** The database answers (it was opened, or came back): what waits goes out now, and a retention cleanup still due runs. */
  databaseAnswers(): Promise<void> {
    this.failing = false;
    if (this.retentionDue) void this.applyRetention();
    return this.flush();
  }

  /** Ships what only the journal files hold: this process's rows past the memory bound and the journals of processes that are gone. */
  private async recover(): Promise<void> {
    const journal = this.journal;
    if (!journal || !this.options.journalDir) return;
    // Every row counted here is journaled by this commit, so the sealed segments hold it.
    const spilled = this.spilled;
    await this.commitJournal();
    const own = await journal.seal();
    const orphans = await orphanJournals(this.options.journalDir);
    let rows = 0;
    let unreadable = 0;
    try {
      for (const path of [...orphans, ...own]) {
        const shipped = await shipJournalFile(path, this.settings.batchSize, async (entries) => {
          if (!(await this.write(entries))) throw new Error('the database did not take the journal rows');
        });
        if (own.includes(path)) journal.forget([path]);
        rows += shipped.rows;
        unreadable += shipped.unreadable;
      }
    } catch (error) {
      this.logger.warn(
        { err: errorText(error) },
        'usage ledger: journal replay stopped; it goes on with the next write',
      );
      return;
    }
    this.spilled -= spilled;
    if (this.spilled === 0) this.spilledSince = undefined;
    this.recoveryNeeded = this.spilled > 0;
    if (orphans.length > 0 || unreadable > 0)
      this.logger.info({ files: orphans.length, rows, unreadable }, 'usage ledger: journal replayed');
  }

  /** One database write of rows (a row already stored is skipped); false when it failed. */
  private async write(entries: readonly JournalEntry[]): Promise<boolean> {
    try {
      await insertRows(this.db, 'interlingua_requests', STORED_COLUMNS, entries.map(ledgerValues), 'row_id');
    } catch (error) {
      if (!this.failing)
        this.logger.warn(
          { err: errorText(error), buffered: this.buffered },
          'usage ledger: database write failed; rows stay buffered',
        );
      this.failing = true;
      this.options.onWrite?.(error);
      return false;
    }
    if (this.failing) this.logger.info({ buffered: this.buffered }, 'usage ledger: database writes resumed');
    this.failing = false;
    this.options.onWrite?.(undefined);
    return true;
  }

  private logDrops(): void {
    if (this.droppedUnlogged === 0) return;
    this.logger.warn(
      { dropped: this.droppedUnlogged, droppedTotal: this.droppedTotal, maxBuffered: this.settings.maxBuffered },
      'usage ledger: buffer full, rows dropped',
    );
    this.droppedUnlogged = 0;
  }

  /** Deletes the rows past the retention; a failure leaves it due for when the database answers again. */
  private async applyRetention(): Promise<void> {
    if (this.settings.retentionDays === 0) return;
    this.retentionDue = false;
    try {
      await this.db.run('DELETE FROM interlingua_requests WHERE at < ?', [
        Date.now() - this.settings.retentionDays * DAY_MS,
      ]);
    } catch (error) {
      this.retentionDue = true;
      this.logger.warn({ err: errorText(error) }, 'usage ledger: retention cleanup failed');
    }
  }
}
