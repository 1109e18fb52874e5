import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseSchema, ledgerSchema } from '../config/admin-schema.js';
import { LedgerWriter } from '../ledger/ledger-writer.js';
import type { LedgerRow } from '../ledger/ledger-row.js';
import { openDatabase } from '../ledger/open-database.js';
import { logCollector, startHarness, type Harness } from './gateway-harness.test-support.js';
import { ledgerRow } from '../ledger/ledger-row.test-support.js';

/**
 * A gateway started on a SQLite database that holds rows past `ledger.retentionDays`: they are
 * deleted right after the start (once the database is open), not an hour later, and the start
 * logs no failed cleanup.
 */
const DAY_MS = 86_400_000;
const dir = mkdtempSync(join(tmpdir(), 'interlingua-retention-'));
const database = databaseSchema.parse({ type: 'sqlite', dir });
let harness: Harness | undefined;

afterAll(async () => {
  await harness?.close();
  rmSync(dir, { recursive: true, force: true });
});

const row = (requestId: string, at: number): LedgerRow => ledgerRow({ requestId, at, key: 'test', keyId: 'cfg_test' });

const storedIds = async (): Promise<string[]> => {
  const db = await openDatabase(database);
  try {
    const rows = await db.all('SELECT request_id FROM interlingua_requests ORDER BY request_id');
    return rows.map((stored) => String(stored.request_id));
  } finally {
    await db.close();
  }
};

describe('ledger retention at start', () => {
  it('deletes the rows past the retention as soon as the database is open, with no failed cleanup logged', async () => {
    const db = await openDatabase(database);
    const seeding = new LedgerWriter(db, ledgerSchema.parse({ retentionDays: 0 }), pino({ level: 'silent' }));
    seeding.add(row('req_old', Date.now() - 30 * DAY_MS));
    seeding.add(row('req_recent', Date.now() - DAY_MS));
    await seeding.close();
    await db.close();
    expect(await storedIds()).toEqual(['req_old', 'req_recent']);

    const log = logCollector();
    harness = await startHarness((_request, response) => void response.end(), {
      sections: { database: { type: 'sqlite', dir }, ledger: { retentionDays: 7, journal: { enabled: false } } },
      logDestination: log.destination,
    });
    await expect.poll(storedIds, { timeout: 5_000, interval: 50 }).toEqual(['req_recent']);
    expect(log.lines.filter((line) => String(line.msg).includes('retention cleanup failed'))).toEqual([]);
  });
});
