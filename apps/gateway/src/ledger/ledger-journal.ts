import { randomBytes } from 'node:crypto';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from './private-files.js';
import type { JournalEntry } from './journal-entry.js';

/** A closed segment is deleted once its rows are in the database; a new one starts past this size. */
const SEGMENT_BYTES = 4 * 1024 * 1024;

/** The tokens of the journals open in this process (a file named with one of them is not an orphan). */
export const LIVE_JOURNAL_TOKENS = new Set<string>();

export interface JournalSettings {
  dir: string;
  /** Most bytes of journal files this process keeps; past it rows are not journaled. */
  maxBytes: number;
}

interface Segment {
  path: string;
  bytes: number;
  /** The highest row sequence written to it. */
  lastSeq: number;
}

/**
 * The append-only journal of one process: ledger rows are written here (a batch at a time, off
 * the request path) before the database confirms them, so a crash or a database outage loses
 * nothing that was committed. Files are `ledger-<pid>-<token>-<n>.jsonl`, one JSON row a line,
 * owner-only, in the journal folder. Every file operation runs in order on one chain.
 */
export class LedgerJournal {
  readonly token = randomBytes(6).toString('hex');
  private readonly closed: Segment[] = [];
  private current: (Segment & { handle: FileHandle }) | undefined;
  private segmentCount = 0;
  private chain: Promise<void> = Promise.resolve();
  private bytesTotal = 0;
  private dirty = false;
  /** Every row up to this sequence is in the database. */
  private releasedThrough = 0;

  constructor(private readonly settings: JournalSettings) {
    LIVE_JOURNAL_TOKENS.add(this.token);
  }

  /** Bytes in this process's journal files. */
  get bytes(): number {
    return this.bytesTotal;
  }

  /** True when the next rows would pass `maxBytes`. */
  get full(): boolean {
    return this.bytesTotal >= this.settings.maxBytes;
  }

  /** Appends the entries (one write); resolves once the bytes are with the operating system. */
  append(entries: readonly JournalEntry[]): Promise<void> {
    if (entries.length === 0) return this.chain;
    return this.run(async () => {
      // Rows the database already confirmed (shipped before their turn here) need no journal.
      let text = '';
      for (const entry of entries) if (entry.seq > this.releasedThrough) text += `${JSON.stringify(entry)}\n`;
      const lastSeq = entries[entries.length - 1]?.seq ?? 0;
      if (text === '') return;
      const segment = await this.writable();
      const bytes = Buffer.byteLength(text);
      await segment.handle.write(text);
      segment.bytes += bytes;
      segment.lastSeq = lastSeq;
      this.bytesTotal += bytes;
      this.dirty = true;
    });
  }

  /** Makes what was appended durable (fdatasync); nothing to do when nothing was written since. */
  sync(): Promise<void> {
    return this.run(async () => {
      if (!this.dirty || !this.current) return;
      this.dirty = false;
      await this.current.handle.datasync();
    });
  }

  /**
   * Every row up to `seq` is in the database: deletes the closed segments that hold only such
   * rows and empties the current one when all of it is.
   */
  release(seq: number): Promise<void> {
    return this.run(async () => {
      this.releasedThrough = Math.max(this.releasedThrough, seq);
      while (this.closed[0] && this.closed[0].lastSeq <= seq) {
        const segment = this.closed.shift();
        if (!segment) break;
        await unlink(segment.path).catch(() => undefined);
        this.bytesTotal -= segment.bytes;
      }
      const current = this.current;
      if (current && current.bytes > 0 && current.lastSeq <= seq && this.closed.length === 0) {
        await current.handle.truncate(0);
        this.bytesTotal -= current.bytes;
        current.bytes = 0;
      }
    });
  }

  /**
   * Closes the current segment and hands back every closed one (the caller ships them from disk,
   * then `forget`s them); the next append opens a new segment.
   */
  seal(): Promise<string[]> {
    return this.run(async () => {
      await this.closeCurrent();
      return this.closed.map((segment) => segment.path);
    });
  }

  /** The segments at `paths` were shipped and deleted by the caller. */
  forget(paths: readonly string[]): void {
    for (const path of paths) {
      const at = this.closed.findIndex((segment) => segment.path === path);
      if (at < 0) continue;
      this.bytesTotal -= this.closed[at]?.bytes ?? 0;
      this.closed.splice(at, 1);
    }
  }

  /** Syncs and closes the file; its rows stay on disk until shipped (here or by the next start). */
  close(): Promise<void> {
    return this.run(async () => {
      if (this.current) {
        if (this.dirty) await this.current.handle.datasync();
        await this.current.handle.close();
        // An empty file holds nothing to replay.
        if (this.current.bytes === 0) await unlink(this.current.path).catch(() => undefined);
        this.current = undefined;
      }
      LIVE_JOURNAL_TOKENS.delete(this.token);
    });
  }

  private async writable(): Promise<Segment & { handle: FileHandle }> {
    if (this.current && this.current.bytes >= SEGMENT_BYTES) await this.closeCurrent();
    if (!this.current) {
      const path = join(this.settings.dir, `ledger-${process.pid}-${this.token}-${++this.segmentCount}.jsonl`);
      this.current = { path, bytes: 0, lastSeq: 0, handle: await open(path, 'a', PRIVATE_FILE_MODE) };
    }
    return this.current;
  }

  private async closeCurrent(): Promise<void> {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    if (this.dirty) await current.handle.datasync();
    this.dirty = false;
    await current.handle.close();
    if (current.bytes === 0) await unlink(current.path).catch(() => undefined);
    else this.closed.push({ path: current.path, bytes: current.bytes, lastSeq: current.lastSeq });
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work);
    this.chain = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }
}
