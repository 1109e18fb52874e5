import type { Logger } from 'pino';
import type { JournalEntry } from './journal-entry.js';
import type { LedgerJournal } from './ledger-journal.js';
import { errorText } from '../http/style-errors.js';

/**
 * The rows waiting for their journal append, and the appends: one `write` carries every row
 * waiting when it starts. `commitSoon` groups the rows recorded in one turn of the event loop
 * and those recorded while a write is in flight; it never rejects (a failed write is logged once
 * and the rows stay in memory), so an answer waiting for it always ends.
 */
export class JournalQueue {
  private waiting: JournalEntry[] = [];
  private committing: Promise<void> = Promise.resolve();
  private next: Promise<void> | undefined;
  private failing = false;

  constructor(
    readonly journal: LedgerJournal,
    private readonly logger: Logger,
  ) {}

  push(entry: JournalEntry): void {
    this.waiting.push(entry);
  }

  /** Appends the rows waiting now (one write); resolves once they and every earlier row are written. */
  commit(): Promise<void> {
    if (this.waiting.length === 0) return this.committing;
    const entries = this.waiting;
    this.waiting = [];
    this.committing = this.journal.append(entries).then(
      () => {
        if (this.failing) this.logger.info('usage ledger: journal writes resumed');
        this.failing = false;
      },
      (error: unknown) => this.failed(error),
    );
    return this.committing;
  }

  /** The append that carries the rows waiting now: after the write in flight and the current turn of the event loop. */
  commitSoon(): Promise<void> {
    this.next ??= this.committing.then(afterThisTurn).then(() => {
      this.next = undefined;
      return this.commit();
    });
    return this.next;
  }

  /** A journal operation failed: logged once until a write goes through again. */
  failed(error: unknown): void {
    if (!this.failing)
      this.logger.error({ err: errorText(error) }, 'usage ledger: journal write failed; rows are held in memory only');
    this.failing = true;
  }
}

function afterThisTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
