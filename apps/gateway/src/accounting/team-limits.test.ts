import { IrError } from '@interlingua/ir';
import { describe, expect, it, vi } from 'vitest';
import { compileKeys, type GatewayKey, type LimitHolder } from '../auth/api-keys.js';
import { MemoryStore } from '../store/memory-store.js';
import type { StateStore } from '../store/state-store.js';
import { admitKey } from './key-limiter.js';
import { chargeKey } from './usage-charge.js';

const NOON = Date.UTC(2030, 5, 15, 12, 0, 30);
const noStoreErrors = (operation: string, error: unknown): void => {
  throw new Error(`unexpected store error in ${operation}: ${String(error)}`);
};

/** Two keys of one team, each with its own limits (`extra`) beside the team's. */
function teamKeys(team: Omit<LimitHolder, 'id' | 'name'>, extra: Record<string, unknown> = {}): GatewayKey[] {
  const holder: LimitHolder = { id: 'team_0001', name: 'research', ...team };
  return compileKeys([
    { name: 'a', secret: 'secret-value-a', models: ['*'], ...extra },
    { name: 'b', secret: 'secret-value-b', models: ['*'], ...extra },
  ]).map((key) => ({ ...key, team: holder }));
}

async function refusal(store: StateStore, key: GatewayKey, now = NOON): Promise<IrError | undefined> {
  try {
    await admitKey(store, key, now, noStoreErrors);
    return undefined;
  } catch (error) {
    if (error instanceof IrError) return error;
    throw error;
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('team limits beside the key limits', () => {
  it("refuses every key of a team once the keys together used the team's budget, naming the team", async () => {
    const store = new MemoryStore();
    const [a, b] = teamKeys({ budgets: [{ period: 'day', tokens: 100 }] });
    chargeKey(store, a!, { inputTokens: 30, outputTokens: 30, totalTokens: 60 }, null, NOON, noStoreErrors);
    await settle();
    expect(await refusal(store, b!)).toBeUndefined();
    chargeKey(store, b!, { inputTokens: 20, outputTokens: 20, totalTokens: 40 }, null, NOON, noStoreErrors);
    await settle();
    for (const key of [a!, b!]) {
      const refused = await refusal(store, key);
      expect(refused?.data).toMatchObject({ kind: 'quota-exceeded', code: 'budget_exceeded' });
      expect(refused?.message).toContain('Team "research" has used its budget of 100 tokens per day');
    }
  });

  it("counts what one key of the team holds against another's admission, in one store call each", async () => {
    const store = new MemoryStore();
    const calls = vi.spyOn(store, 'counters');
    const [a, b] = teamKeys({ budgets: [{ period: 'day', tokens: 10, reservePerRequest: 4 }] }, { rpm: 100 });
    expect(await admitKey(store, a!, NOON, noStoreErrors)).toHaveLength(1);
    expect(await admitKey(store, b!, NOON, noStoreErrors)).toHaveLength(1);
    expect(await refusal(store, a!)).toBeUndefined();
    expect((await refusal(store, b!))?.message).toContain('Team "research"');
    expect(calls).toHaveBeenCalledTimes(4 + 1); // four admissions, and the refused one's holds given back
  });

  it("shares the team's rpm among its keys, each key keeping its own", async () => {
    const store = new MemoryStore();
    const [a, b] = teamKeys({ rpm: 3, budgets: [] }, { rpm: 2 });
    expect(await refusal(store, a!)).toBeUndefined();
    expect(await refusal(store, a!)).toBeUndefined();
    expect((await refusal(store, a!))?.message).toContain('key "a": 2 requests per minute');
    expect((await refusal(store, b!))?.message).toContain('team "research": 3 requests per minute');
  });
});
