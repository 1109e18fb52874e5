import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, bench, describe } from 'vitest';
import { ledgerSchema } from '../config/admin-schema.js';
import type { LedgerRow } from './ledger-row.js';
import { LedgerWriter } from './ledger-writer.js';
import type { SqlDatabase } from './sql-database.js';
import { OPENAI_CHAT } from '../http/request-styles.js';

/**
 * What one ledger row costs the gateway's thread, with the journal off and on: `add` (the request
 * path) and, with the journal, its share of the write that carries it (serialising and one write
 * per batch). On the defaults (`commitMs: 0`) the rows recorded in one turn of the event loop
 * share a write and each answer waits for it: 50 rows a turn is a busy gateway's best case, one
 * row a turn its worst (a write per row). With `commitMs: 50`, 50 rows a batch is 1,000 requests
 * a second. Run with `pnpm vitest bench apps/gateway/src/ledger/ledger-journal.bench.ts`.
 */
const ROWS_PER_COMMIT = 50;
const dir = mkdtempSync(join(tmpdir(), 'interlingua-journal-bench-'));
const nowhere: SqlDatabase = {
  dialect: 'sqlite',
  all: async () => [],
  run: async () => 0,
  exec: async () => undefined,
  exclusive: (work) => work(nowhere),
  close: async () => undefined,
};
const quiet = pino({ level: 'silent' });
const row: LedgerRow = {
  requestId: 'chatcmpl-0123456789abcdef',
  at: Date.now(),
  key: 'team-a',
  keyId: 'cfg_0123456789ab',
  style: OPENAI_CHAT,
  endpoint: 'chat',
  model: 'gpt-4.1-mini',
  provider: 'oai',
  upstreamModel: 'gpt-4.1-mini',
  path: 'fast',
  status: 200,
  errorKind: null,
  inputTokens: 1234,
  outputTokens: 321,
  cachedTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  reasoningTokens: 0,
  cost: 0.00241,
  latencyMs: 412.37,
  ttfbMs: 98.12,
  attempts: 1,
  warnings: null,
};
const settings = (journal: boolean, commitMs = 60_000): ReturnType<typeof ledgerSchema.parse> =>
  ledgerSchema.parse({
    flushMs: 3_600_000,
    batchSize: 1_000_000,
    maxBuffered: 1_000_000,
    journal: { enabled: journal, commitMs, syncMs: 3_600_000 },
  });

const memoryOnly = new LedgerWriter(nowhere, settings(false), quiet, { journalDir: dir });
const timed = new LedgerWriter(nowhere, settings(true), quiet, { journalDir: dir });
const onDefaults = new LedgerWriter(nowhere, settings(true, 0), quiet, { journalDir: dir });

afterAll(async () => {
  for (const writer of [memoryOnly, timed, onDefaults]) await writer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`${ROWS_PER_COMMIT} ledger rows`, () => {
  bench('journal off (memory buffer only)', async () => {
    for (let i = 0; i < ROWS_PER_COMMIT; i += 1) memoryOnly.add(row);
    await memoryOnly.flush();
  });
  bench('journal on, commitMs 50 (one timed group commit)', async () => {
    for (let i = 0; i < ROWS_PER_COMMIT; i += 1) timed.add(row);
    await timed.commitJournal();
    await timed.flush();
  });
  bench('journal on, defaults: 50 rows in one turn, each answer waiting for the shared write', async () => {
    const writes: Array<Promise<void> | undefined> = [];
    for (let i = 0; i < ROWS_PER_COMMIT; i += 1) writes.push(onDefaults.add(row));
    await Promise.all(writes);
    await onDefaults.flush();
  });
  bench('journal on, defaults: one row a turn (a write per row, each answer waiting for it)', async () => {
    for (let i = 0; i < ROWS_PER_COMMIT; i += 1) await onDefaults.add(row);
    await onDefaults.flush();
  });
});
