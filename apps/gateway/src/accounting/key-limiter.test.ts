import { IrError } from '@interlingua/ir';
import { describe, expect, it, vi } from 'vitest';
import { compileKeys, type GatewayKey, type LimitHolder } from '../auth/api-keys.js';
import { MemoryStore } from '../store/memory-store.js';
import type { StateStore } from '../store/state-store.js';
import { chargeKey } from './usage-charge.js';
import { reserveOn } from './budget-reservation.js';
import { admitKey } from './key-limiter.js';
import { readUsage } from './usage-ledger.js';
import { windowAt } from './usage-periods.js';

const NOON = Date.UTC(2030, 5, 15, 12, 0, 30);
const usage = (input: number, output: number) => ({
  inputTokens: input,
  outputTokens: output,
  totalTokens: input + output,
});
const key = (extra: Record<string, unknown>) =>
  compileKeys([{ name: 'k', secret: 'secret-value-1', models: ['*'], ...extra }])[0]!;
const noStoreErrors = (operation: string, error: unknown): void => {
  throw new Error(`unexpected store error in ${operation}: ${String(error)}`);
};

async function refusal(store: StateStore, k: ReturnType<typeof key>, now = NOON): Promise<IrError | undefined> {
  try {
    await admitKey(store, k, now, noStoreErrors);
    return undefined;
  } catch (error) {
    if (error instanceof IrError) return error;
    throw error;
  }
}

/** Lets the fire-and-forget charge land. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('admitKey and chargeKey', () => {
  it('lets rpm requests through per minute, then answers 429 with the seconds left in the minute', async () => {
    const store = new MemoryStore();
    const limited = key({ rpm: 2 });
    expect(await refusal(store, limited)).toBeUndefined();
    expect(await refusal(store, limited)).toBeUndefined();
    const third = await refusal(store, limited);
    expect(third?.data).toMatchObject({
      kind: 'rate-limit',
      code: 'rate_limit_exceeded',
      retryAfterSeconds: 30,
      source: 'gateway',
    });
    expect(await refusal(store, limited, NOON + 30_000)).toBeUndefined();
  });

  it('refuses once the tokens charged in this minute reach the tpm', async () => {
    const store = new MemoryStore();
    const limited = key({ tpm: 100 });
    expect(await refusal(store, limited)).toBeUndefined();
    chargeKey(store, limited, usage(60, 40), null, NOON, noStoreErrors);
    await settle();
    expect((await refusal(store, limited))?.data.kind).toBe('rate-limit');
    expect(await refusal(store, limited, NOON + 60_000)).toBeUndefined();
  });

  it('keeps token budgets per UTC day and cost budgets per month, with retry-after to the period end', async () => {
    const store = new MemoryStore();
    const budgeted = key({
      budgets: [
        { period: 'day', tokens: 1000 },
        { period: 'month', cost: 0.5 },
      ],
    });
    chargeKey(store, budgeted, usage(600, 300), 0.2, NOON, noStoreErrors);
    await settle();
    expect(await refusal(store, budgeted)).toBeUndefined();
    chargeKey(store, budgeted, usage(100, 0), 0.1, NOON, noStoreErrors);
    await settle();
    const day = await refusal(store, budgeted);
    expect(day?.data).toMatchObject({
      kind: 'quota-exceeded',
      code: 'budget_exceeded',
      retryAfterSeconds: 12 * 3600 - 30,
    });
    const tomorrow = NOON + 24 * 3600_000;
    expect(await refusal(store, budgeted, tomorrow)).toBeUndefined();
    chargeKey(store, budgeted, usage(1, 1), 0.25, tomorrow, noStoreErrors);
    await settle();
    const month = await refusal(store, budgeted, tomorrow);
    expect(month?.message).toMatch(/budget of a cost of 0.5 per month \(2030-06\)/);
  });

  it('makes no store call for a key without limits', async () => {
    const store = new MemoryStore();
    const spy = vi.spyOn(store, 'counters');
    await admitKey(store, key({}), NOON, noStoreErrors);
    expect(spy).not.toHaveBeenCalled();
  });

  it('makes ONE store call per admission whatever the number of limits', async () => {
    const store = new MemoryStore();
    const spy = vi.spyOn(store, 'counters');
    await admitKey(
      store,
      key({
        rpm: 5,
        tpm: 10,
        budgets: [
          { period: 'day', tokens: 5 },
          { period: 'month', cost: 1 },
        ],
      }),
      NOON,
      noStoreErrors,
    );
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[0]).toHaveLength(7);
  });

  it('lets requests through when the store fails, reporting it', async () => {
    const store = new MemoryStore();
    vi.spyOn(store, 'counters').mockRejectedValue(new Error('connection lost'));
    const errors: string[] = [];
    await admitKey(store, key({ rpm: 1 }), NOON, (operation) => errors.push(operation));
    expect(errors).toEqual(['admit']);
  });

  it('counts a counter that already holds a non-finite value as over its limit, and reports it', async () => {
    const store = new MemoryStore();
    const budgeted = key({ budgets: [{ period: 'month', cost: 0.05 }] });
    const budget = budgeted.budgets[0]!;
    const { op } = reserveOn(budgeted, budget, windowAt(budget.period, NOON), NOON);
    await store.set(op.key, 'NaN', 60_000);
    const reported = vi.fn();
    const error = await admitKey(store, budgeted, NOON, reported).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IrError);
    expect((error as IrError).data.code).toBe('budget_exceeded');
    expect(reported).toHaveBeenCalledWith('non-finite-counter', expect.any(Error));
    expect(String(reported.mock.calls[0]?.[1])).toContain(op.key);
  });

  it('gives the holds back and charges the rest when a usage figure is not a finite number, reporting it', async () => {
    const store = new MemoryStore();
    const budgeted = key({ budgets: [{ period: 'month', tokens: 1_000 }] });
    const held = await admitKey(store, budgeted, NOON, noStoreErrors);
    const reported = vi.fn();
    chargeKey(store, budgeted, usage(Number.POSITIVE_INFINITY, 5), null, NOON, reported, held);
    await settle();
    expect(await store.counter(held[0]!.op.key)).toBe(0);
    const [charged] = await readUsage(store, [budgeted.id], NOON);
    expect(charged?.month.outputTokens).toBe(5);
    expect(reported).toHaveBeenCalledWith('charge', expect.any(Error));
  });
});

/** Two keys of one team, each with its own limits (`extra`) beside the team's. */
function teamKeys(team: Omit<LimitHolder, 'id' | 'name'>, extra: Record<string, unknown> = {}): GatewayKey[] {
  const holder: LimitHolder = { id: 'team_0001', name: 'research', ...team };
  return compileKeys([
    { name: 'a', secret: 'secret-value-a', models: ['*'], ...extra },
    { name: 'b', secret: 'secret-value-b', models: ['*'], ...extra },
  ]).map((key) => ({ ...key, team: holder }));
}

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
