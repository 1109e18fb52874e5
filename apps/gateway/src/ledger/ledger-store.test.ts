import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ledgerSchema } from '../config/admin-schema.js';
import { LedgerWriter } from './ledger-writer.js';
import { dayOf, type LedgerRow } from './ledger-row.js';
import { toCsv } from './ledger-csv.js';
import { ledgerRows, usageTotals, EXPORT_COLUMNS, NUMERIC_EXPORT_COLUMNS } from './ledger-queries.js';
import { migrate, MIGRATIONS } from './migrations.js';
import { openPostgresDatabase } from './postgres-database.js';
import { openSqliteDatabase } from './sqlite-database.js';
import { openDatabase } from './open-database.js';
import type { SqlDatabase } from './sql-database.js';
import { TEST_DATABASES } from './test-databases.test-support.js';
import { ledgerRow } from './ledger-row.test-support.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 10, 12);

function row(overrides: Partial<LedgerRow>): LedgerRow {
  return ledgerRow({
    at: T0,
    key: 'team-a',
    keyId: 'key_team_a',
    inputTokens: 10,
    outputTokens: 5,
    cost: 0.25,
    latencyMs: 12.5,
    ...overrides,
  });
}

const quietLogger = () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
};

for (const database of TEST_DATABASES) {
  describe(`usage ledger on ${database.name}`, () => {
    const open: SqlDatabase[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((db) => db.close()));
    });
    const fresh = async (): Promise<SqlDatabase> => {
      const db = await openDatabase(await database.fresh());
      open.push(db);
      return db;
    };

    it('migrates once: a second migration run changes nothing', async () => {
      const db = await fresh();
      await migrate(db);
      const versions = await db.all('SELECT version FROM interlingua_migrations');
      expect(versions.map((entry) => Number(entry.version))).toEqual(MIGRATIONS.map((migration) => migration.version));
    });

    it('gives rows written before keys had ids in the ledger the id of the runtime key with their name', async () => {
      const config = await database.fresh();
      const db =
        config.type === 'postgres' ? openPostgresDatabase(config) : openSqliteDatabase(config.dir, config.file);
      open.push(db);
      await db.exec(
        'CREATE TABLE interlingua_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
      );
      for (const migration of MIGRATIONS.filter((step) => step.version <= 2)) {
        await db.exec(migration.sql);
        await db.run('INSERT INTO interlingua_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
          migration.version,
          migration.name,
          0,
        ]);
      }
      await db.exec(
        `INSERT INTO interlingua_keys (id, name, secret_sha256, secret_hint, models, budgets, metadata, created_at, updated_at) VALUES ('key_live', 'team-a', 'ab', 'h', '[]', '[]', '{}', 0, 0)`,
      );
      await db.exec(
        `INSERT INTO interlingua_requests (request_id, at, day, key_name, endpoint, status, input_tokens, output_tokens, cached_tokens, reasoning_tokens, latency_ms, attempts)
         VALUES ('req_a', ${T0}, '${dayOf(T0)}', 'team-a', 'chat', 200, 1, 1, 0, 0, 1, 1), ('req_gone', ${T0}, '${dayOf(T0)}', 'deleted-key', 'chat', 200, 1, 1, 0, 0, 1, 1)`,
      );
      await migrate(db);
      const rows = await db.all('SELECT request_id, key_id FROM interlingua_requests ORDER BY request_id');
      expect(rows.map((entry) => [entry.request_id, entry.key_id])).toEqual([
        ['req_a', 'key_live'],
        ['req_gone', null],
      ]);
    });

    it('keeps prompt-cache reads and writes apart and totals them; rows written before the columns existed count zero', async () => {
      const db = await fresh();
      await db.exec(
        `INSERT INTO interlingua_requests (request_id, at, day, endpoint, status, input_tokens, output_tokens, cached_tokens, reasoning_tokens, latency_ms, attempts)
         VALUES ('req_old', ${T0}, '${dayOf(T0)}', 'chat', 200, 50, 5, 0, 0, 1, 1)`,
      );
      const writer = new LedgerWriter(db, ledgerSchema.parse({}), quietLogger().logger);
      writer.add(
        row({ key: 'cached', inputTokens: 2000, cachedTokens: 1960, cacheReadTokens: 1900, cacheWriteTokens: 60 }),
      );
      writer.add(
        row({ key: 'cached', inputTokens: 2000, cachedTokens: 1900, cacheReadTokens: 1900, cacheWriteTokens: 0 }),
      );
      await writer.close();
      const totals = await usageTotals(db, { from: 0, to: T0 + DAY }, 'key');
      expect(totals.find((total) => total.group === 'cached')).toMatchObject({
        inputTokens: 4000,
        cachedTokens: 3860,
        cacheReadTokens: 3800,
        cacheWriteTokens: 60,
      });
      expect(totals.find((total) => total.group === null)).toMatchObject({
        inputTokens: 50,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
      });
    });

    it('writes rows in batches and totals them by key, model, provider and day over a range', async () => {
      const db = await fresh();
      const { logger } = quietLogger();
      const writer = new LedgerWriter(db, ledgerSchema.parse({ batchSize: 2, flushMs: 60_000 }), logger);
      writer.add(row({ key: 'team-a', inputTokens: 100, outputTokens: 10, cost: 1 }));
      writer.add(
        row({
          key: 'team-a',
          at: T0 + DAY,
          status: 502,
          errorKind: 'upstream-error',
          cost: null,
          inputTokens: 0,
          outputTokens: 0,
        }),
      );
      writer.add(row({ key: 'team-b', model: 'gpt', provider: 'openai', inputTokens: 7, outputTokens: 3, cost: null }));
      writer.add(row({ key: 'team-b', at: T0 - 40 * DAY }));
      await writer.close();

      const range = { from: T0 - DAY, to: T0 + 2 * DAY };
      const byKey = await usageTotals(db, range, 'key');
      expect(
        byKey.map((total) => [
          total.group,
          total.requests,
          total.errors,
          total.inputTokens,
          total.outputTokens,
          total.cost,
          total.unpricedRequests,
        ]),
      ).toEqual([
        ['team-a', 2, 1, 100, 10, 1, 0],
        ['team-b', 1, 0, 7, 3, 0, 1],
      ]);
      const byDay = await usageTotals(db, range, 'day');
      expect(byDay.map((total) => [total.group, total.requests])).toEqual([
        [dayOf(T0), 2],
        [dayOf(T0 + DAY), 1],
      ]);
      const byProvider = await usageTotals(db, { ...range, key: 'team-b' }, 'provider');
      expect(byProvider.map((total) => total.group)).toEqual(['openai']);
      expect((await usageTotals(db, range, 'key_id')).map((total) => [total.group, total.requests])).toEqual([
        ['key_team_a', 3],
      ]);
      expect(
        (await usageTotals(db, { ...range, keyId: 'key_team_a', key: 'team-b' }, 'key')).map((total) => total.requests),
      ).toEqual([1]);
      expect(
        (await usageTotals(db, { from: 0, to: T0 + 2 * DAY }, 'key')).find((total) => total.group === 'team-b')
          ?.requests,
      ).toBe(2);
    });

    it('exports rows as CSV, quoting commas and neutralising spreadsheet formulas', async () => {
      const db = await fresh();
      const writer = new LedgerWriter(db, ledgerSchema.parse({}), quietLogger().logger);
      writer.add(
        row({
          requestId: 'req_one',
          model: 'a,b',
          warnings: '=cmd',
          upstreamModel: "-1+cmd|' /C calc'!A0",
          provider: ' @x',
          inputTokens: 12,
          cost: 0.5,
        }),
      );
      await writer.close();
      const csv = toCsv(EXPORT_COLUMNS, await ledgerRows(db, { from: 0, to: T0 + 1 }, 10), NUMERIC_EXPORT_COLUMNS);
      const [header, line = ''] = csv.split('\r\n');
      expect(header).toBe(EXPORT_COLUMNS.join(','));
      const cells = Object.fromEntries(EXPORT_COLUMNS.map((column, i) => [column, line.split(',')[i]]));
      expect(line).toContain('req_one');
      expect(line).toContain('"a,b"');
      expect(line).toContain("'=cmd");
      expect(line).toContain("'-1+cmd|' /C calc'!A0");
      expect(line).toContain("' @x");
      expect(cells.at).toBe(String(T0));
    });

    it('keeps rows while the database is away, drops and counts past the bound, and never throws from add', async () => {
      const db = await fresh();
      const { logger, lines } = quietLogger();
      let dropped = 0;
      const failing: SqlDatabase = { ...db, run: () => Promise.reject(new Error('database is away')) };
      const writer = new LedgerWriter(
        failing,
        ledgerSchema.parse({ batchSize: 100, maxBuffered: 3, flushMs: 60_000 }),
        logger,
        { onDrop: (count) => (dropped += count) },
      );
      for (let i = 0; i < 5; i += 1) writer.add(row({}));
      await writer.flush();
      expect(writer.buffered).toBe(3);
      expect(writer.dropped).toBe(2);
      expect(dropped).toBe(2);
      expect(lines.some((line) => line.msg === 'usage ledger: buffer full, rows dropped' && line.dropped === 2)).toBe(
        true,
      );
      expect(lines.some((line) => line.msg === 'usage ledger: database write failed; rows stay buffered')).toBe(true);
    });

    it('deletes rows past the retention once the database answers after the start', async () => {
      const db = await fresh();
      const keep = new LedgerWriter(db, ledgerSchema.parse({ retentionDays: 0 }), quietLogger().logger);
      keep.add(row({ at: Date.now() - 10 * DAY }));
      keep.add(row({ at: Date.now() }));
      await keep.close();
      const pruning = new LedgerWriter(db, ledgerSchema.parse({ retentionDays: 5 }), quietLogger().logger);
      pruning.start();
      await pruning.databaseAnswers();
      await pruning.close();
      await expect.poll(async () => (await ledgerRows(db, { from: 0, to: Date.now() + 1 }, 10)).length).toBe(1);
    });
  });
}
