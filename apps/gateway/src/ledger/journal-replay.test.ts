import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { orphanJournals } from './journal-replay.js';
import { LedgerJournal } from './ledger-journal.js';

describe('which journal files a process replays', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("takes those of processes that are gone and of this pid's earlier lives, never a live process's or its own open one", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'interlingua-orphans-'));
    made.push(dir);
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const open = new LedgerJournal({ dir, maxBytes: 1_000_000 });
    await open.append([
      {
        rowId: 'r1',
        seq: 1,
        requestId: 'q',
        at: 0,
        key: null,
        keyId: null,
        style: null,
        endpoint: 'chat',
        model: null,
        provider: null,
        upstreamModel: null,
        path: null,
        status: 200,
        errorKind: null,
        inputTokens: 0,
        outputTokens: 0,
        cachedTokens: 0,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        reasoningTokens: 0,
        cost: null,
        latencyMs: 0,
        ttfbMs: null,
        attempts: 0,
        warnings: null,
      },
    ]);
    const names = {
      dead: `ledger-${gone}-aaaaaaaaaaaa-1.jsonl`,
      livePeer: `ledger-${process.ppid}-bbbbbbbbbbbb-1.jsonl`,
      samePidEarlierLife: `ledger-${process.pid}-cccccccccccc-3.jsonl`,
      unrelated: 'notes.txt',
    };
    for (const name of Object.values(names)) writeFileSync(join(dir, name), '');
    expect(await orphanJournals(dir)).toEqual(
      [names.dead, names.samePidEarlierLife].map((name) => join(dir, name)).sort(),
    );
    await open.close();
    expect(await orphanJournals(dir)).toContain(join(dir, `ledger-${process.pid}-${open.token}-1.jsonl`));
  });
});
