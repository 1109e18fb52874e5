import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from './journal-entry.js';
import { JournalQueue } from './journal-queue.js';
import type { LedgerJournal } from './ledger-journal.js';

const entry = (seq: number): JournalEntry => ({ seq, rowId: `r.${seq}` }) as JournalEntry;

/** A journal whose appends are recorded and finish when the test says so. */
function fakeJournal(): { journal: LedgerJournal; appends: number[][]; finish: (error?: Error) => void } {
  const appends: number[][] = [];
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const journal = {
    append: (entries: readonly JournalEntry[]) => {
      appends.push(entries.map((written) => written.seq));
      return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
    },
  } as unknown as LedgerJournal;
  const finish = (error?: Error): void => {
    const next = pending.shift();
    if (error) next?.reject(error);
    else next?.resolve();
  };
  return { journal, appends, finish };
}

/** Two turns of the event loop: the queue's own turn starts after the write before it settled. */
const nextTurn = async (): Promise<void> => {
  for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('JournalQueue', () => {
  it('writes the rows of one turn in one append, and those recorded during it in the next one', async () => {
    const { journal, appends, finish } = fakeJournal();
    const queue = new JournalQueue(journal, pino({ level: 'silent' }));
    const firstTurn = [1, 2, 3].map((seq) => {
      queue.push(entry(seq));
      return queue.commitSoon();
    });
    expect(new Set(firstTurn).size).toBe(1);
    await nextTurn();
    expect(appends).toEqual([[1, 2, 3]]);
    queue.push(entry(4));
    const secondTurn = queue.commitSoon();
    await nextTurn();
    queue.push(entry(5));
    expect(queue.commitSoon()).toBe(secondTurn);
    await nextTurn();
    // Still one append: the next waits for the write in flight.
    expect(appends).toEqual([[1, 2, 3]]);
    finish();
    await firstTurn[0];
    await nextTurn();
    expect(appends).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    finish();
    await secondTurn;
  });

  it('settles the rows’ promise when the write fails, and logs the failure once', async () => {
    const { journal, finish } = fakeJournal();
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const queue = new JournalQueue(journal, logger);
    queue.push(entry(1));
    const first = queue.commitSoon();
    await nextTurn();
    finish(new Error('disk full'));
    await expect(first).resolves.toBeUndefined();
    queue.push(entry(2));
    const second = queue.commitSoon();
    await nextTurn();
    finish(new Error('disk full'));
    await second;
    expect(lines.filter((line) => line.includes('journal write failed'))).toHaveLength(1);
  });
});
