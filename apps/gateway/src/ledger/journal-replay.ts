import { createReadStream } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { JournalEntry } from './journal-entry.js';
import { LIVE_JOURNAL_TOKENS } from './ledger-journal.js';

const JOURNAL_FILE = /^ledger-(\d+)-([0-9a-f]+)-(\d+)\.jsonl$/;

/**
 * The journal files in `dir` that no running writer owns: those of processes that are gone (a
 * crash, a stopped instance, a replaced worker), and those named with this process's id by a
 * writer that is not open here (a container restarted as the same pid). A file of another live
 * process is left to it.
 */
export async function orphanJournals(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const orphans: string[] = [];
  for (const name of names.sort()) {
    const match = JOURNAL_FILE.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    const token = match[2] ?? '';
    if (LIVE_JOURNAL_TOKENS.has(token)) continue;
    if (pid !== process.pid && processAlive(pid)) continue;
    orphans.push(join(dir, name));
  }
  return orphans;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface ShippedFile {
  rows: number;
  /** Lines that could not be read (a write cut short by a crash). */
  unreadable: number;
}

/**
 * Sends every row of a journal file to `ship` in batches of `batchSize` (which must ignore rows
 * whose id is already stored), then deletes the file. A failure leaves the file for a later try.
 */
export async function shipJournalFile(
  path: string,
  batchSize: number,
  ship: (entries: JournalEntry[]) => Promise<void>,
): Promise<ShippedFile> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let batch: JournalEntry[] = [];
  let rows = 0;
  let unreadable = 0;
  for await (const line of lines) {
    if (line === '') continue;
    const entry = parseEntry(line);
    if (!entry) {
      unreadable += 1;
      continue;
    }
    batch.push(entry);
    if (batch.length >= batchSize) {
      await ship(batch);
      rows += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await ship(batch);
  rows += batch.length;
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    // Two processes may replay the same orphan at once; the rows went in once either way.
    if (error.code !== 'ENOENT') throw error;
  });
  return { rows, unreadable };
}

function parseEntry(line: string): JournalEntry | undefined {
  try {
    const entry = JSON.parse(line) as Partial<JournalEntry>;
    return typeof entry.rowId === 'string' &&
      typeof entry.requestId === 'string' &&
      typeof entry.at === 'number' &&
      typeof entry.endpoint === 'string'
      ? (entry as JournalEntry)
      : undefined;
  } catch {
    return undefined;
  }
}
