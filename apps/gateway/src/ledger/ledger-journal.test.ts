import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ledgerSchema } from '../config/admin-schema.js';
import { LedgerWriter } from './ledger-writer.js';
import type { LedgerRow } from './ledger-row.js';
import { openDatabase } from './open-database.js';
import type { SqlDatabase } from './sql-database.js';
import { TEST_DATABASES } from './test-databases.test-support.js';
import { ledgerRow } from './ledger-row.test-support.js';

const quiet = pino({ level: 'silent' });

function row(requestId: string): LedgerRow {
  return ledgerRow({ requestId, inputTokens: 3, outputTokens: 2, cost: 0.5 });
}

const away = (db: SqlDatabase): SqlDatabase => ({ ...db, run: () => Promise.reject(new Error('database is away')) });
const journalFiles = (dir: string): string[] => readdirSync(dir).filter((name) => name.startsWith('ledger-'));
const stored = async (db: SqlDatabase): Promise<string[]> =>
  (await db.all('SELECT request_id FROM interlingua_requests ORDER BY request_id')).map((entry) =>
    String(entry.request_id),
  );

for (const database of TEST_DATABASES) {
  describe(`the ledger journal on ${database.name}`, () => {
    const cleanup: Array<() => Promise<void> | void> = [];
    afterEach(async () => {
      for (const step of cleanup.splice(0).reverse()) await step();
    });
    const setup = async (): Promise<{ db: SqlDatabase; dir: string }> => {
      const db = await openDatabase(await database.fresh());
      const dir = mkdtempSync(join(tmpdir(), 'interlingua-journal-'));
      cleanup.push(
        () => db.close(),
        () => rmSync(dir, { recursive: true, force: true }),
      );
      return { db, dir };
    };

    it('keeps rows a stopped process could not write and the next start writes each once, even when a journal is replayed twice', async () => {
      const { db, dir } = await setup();
      const first = new LedgerWriter(away(db), ledgerSchema.parse({ flushMs: 60_000 }), quiet, { journalDir: dir });
      first.start();
      for (const id of ['a', 'b', 'c']) first.add(row(`req_${id}`));
      await first.close();
      const [file] = journalFiles(dir);
      expect(file).toBeDefined();
      expect(
        readFileSync(join(dir, file ?? ''), 'utf8')
          .trim()
          .split('\n'),
      ).toHaveLength(3);
      // A crash between the database write and the trim leaves a copy behind.
      copyFileSync(join(dir, file ?? ''), join(dir, (file ?? '').replace(/-1\.jsonl$/, '-2.jsonl')));
      const next = new LedgerWriter(db, ledgerSchema.parse({ flushMs: 60_000 }), quiet, { journalDir: dir });
      next.start();
      await expect.poll(() => stored(db)).toEqual(['req_a', 'req_b', 'req_c']);
      await expect.poll(() => journalFiles(dir)).toEqual([]);
      await next.close();
      expect(await stored(db)).toEqual(['req_a', 'req_b', 'req_c']);
    });

    it('journals past the memory bound while the database is away and writes every row once when it returns', async () => {
      const { db, dir } = await setup();
      let down = true;
      const flaky: SqlDatabase = {
        ...db,
        run: (sql, params) => (down ? Promise.reject(new Error('database is away')) : db.run(sql, params)),
      };
      let dropped = 0;
      const writer = new LedgerWriter(
        flaky,
        ledgerSchema.parse({ flushMs: 60_000, maxBuffered: 2, batchSize: 2 }),
        quiet,
        { journalDir: dir, onDrop: (count) => (dropped += count) },
      );
      writer.start();
      for (let i = 0; i < 7; i += 1) writer.add(row(`req_${i}`));
      await writer.flush();
      expect([writer.buffered, dropped, writer.journalFull]).toEqual([7, 0, false]);
      expect(writer.oldestPendingAt).toBeTypeOf('number');
      await expect.poll(() => writer.journalBytes).toBeGreaterThan(0);
      down = false;
      await writer.flush();
      expect(await stored(db)).toEqual(['req_0', 'req_1', 'req_2', 'req_3', 'req_4', 'req_5', 'req_6']);
      expect([writer.buffered, writer.oldestPendingAt, dropped]).toEqual([0, undefined, 0]);
      writer.add(row('req_7'));
      await writer.flush();
      await expect.poll(() => writer.journalBytes).toBe(0);
      await writer.close();
      expect(await stored(db)).toHaveLength(8);
      expect(journalFiles(dir)).toEqual([]);
    });

    it('holds rows in memory only once the journal is full, and drops and counts them past both bounds', async () => {
      const { db, dir } = await setup();
      let dropped = 0;
      const writer = new LedgerWriter(
        away(db),
        ledgerSchema.parse({ flushMs: 60_000, maxBuffered: 2, journal: { maxBytes: 1, commitMs: 0 } }),
        quiet,
        { journalDir: dir, onDrop: (count) => (dropped += count) },
      );
      writer.start();
      writer.add(row('req_0'));
      await expect.poll(() => writer.journalFull).toBe(true);
      for (let i = 1; i < 4; i += 1) writer.add(row(`req_${i}`));
      expect([writer.buffered, dropped]).toEqual([2, 2]);
      await writer.close();
    });
  });
}
