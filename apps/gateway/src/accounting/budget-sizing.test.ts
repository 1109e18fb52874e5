import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { compileKeys } from '../auth/api-keys.js';
import type { ResolvedRoute, RouteTarget } from '../context/route-target.js';
import { PriceTable } from './price-table.js';
import { chargeKey } from './usage-charge.js';
import { readUsage } from './usage-ledger.js';
import { MemoryStore } from '../store/memory-store.js';
import type { StateStore } from '../store/state-store.js';
import { expectedUse } from './budget-sizing.js';
import { admitKey, resizeReservations } from './key-limiter.js';

const NOON = Date.UTC(2030, 5, 15, 12, 0, 30);
const noStoreErrors = (operation: string, error: unknown): void => {
  throw new Error(`unexpected store error in ${operation}: ${String(error)}`);
};
const target = (provider: string, model: string): RouteTarget =>
  ({ settings: { id: provider }, upstreamModel: model, weight: 1, priority: 0 }) as unknown as RouteTarget;
const route = (targets: RouteTarget[], defaultMaxOutputTokens?: number): ResolvedRoute => ({
  routeName: 'r',
  targets,
  ...(defaultMaxOutputTokens === undefined ? {} : { defaultMaxOutputTokens }),
});
/** 1 per million input tokens and 10 per million output tokens for `cheap`; ten times that for `dear`. */
const prices = new PriceTable([
  { model: 'cheap', inputPerMillion: 1_000, outputPerMillion: 10_000 },
  { model: 'dear', inputPerMillion: 10_000, outputPerMillion: 100_000 },
]);

describe('expectedUse', () => {
  it("reads each style's output cap, else the route's, and estimates input from the body size", () => {
    const cheap = route([target('p', 'cheap')], 64);
    expect(expectedUse({ max_tokens: 100 }, 400, cheap, prices)).toEqual({ tokens: 200, cost: 0.1 + 1 });
    expect(expectedUse({ max_completion_tokens: 100, max_tokens: 5 }, 400, cheap, prices)?.tokens).toBe(200);
    expect(expectedUse({ max_output_tokens: 100 }, 400, cheap, prices)?.tokens).toBe(200);
    expect(expectedUse({ generationConfig: { maxOutputTokens: 100 } }, 400, cheap, prices)?.tokens).toBe(200);
    expect(expectedUse({}, 400, cheap, prices)?.tokens).toBe(164);
    expect(expectedUse({}, 400, route([target('p', 'cheap')]), prices)).toBeUndefined();
  });

  it('prices at the dearest target; no price at all gives a null cost', () => {
    expect(
      expectedUse({ max_tokens: 100 }, 400, route([target('p', 'cheap'), target('q', 'dear')]), prices)?.cost,
    ).toBe(11);
    expect(expectedUse({ max_tokens: 100 }, 400, route([target('p', 'unpriced')]), prices)).toEqual({
      tokens: 200,
      cost: null,
    });
  });
});

describe('resizeReservations', () => {
  const cost = 0.05;
  const budgeted = () =>
    compileKeys([
      {
        name: 'budgeted',
        id: `sizing-${randomUUID()}`,
        secret: 'secret-value-1',
        models: ['*'],
        budgets: [{ period: 'month', cost: 1 }],
      },
    ])[0]!;

  /** Admitted with the budget's default hold, sized to `expected` when given, answered at `cost`, charged. */
  async function request(
    store: StateStore,
    key: ReturnType<typeof budgeted>,
    expected?: { tokens: number; cost: number },
  ): Promise<'answered' | 'refused'> {
    let held;
    try {
      held = await admitKey(store, key, NOON, noStoreErrors);
    } catch (error) {
      if (error instanceof IrError && error.data.code === 'budget_exceeded') return 'refused';
      throw error;
    }
    if (expected) {
      const resized = await resizeReservations(store, key, held, expected, NOON, noStoreErrors);
      held = resized.reservations;
      if (resized.error) {
        chargeKey(store, key, undefined, null, NOON, noStoreErrors, held);
        return 'refused';
      }
    }
    await sleep(20);
    const usage = { inputTokens: 100, outputTokens: 400, totalTokens: 500 };
    chargeKey(store, key, usage, cost, NOON, noStoreErrors, held);
    return 'answered';
  }

  it('20 concurrent requests on a nearly spent budget: the default hold overspends it many times, a sized one by at most one request', async () => {
    const store = new MemoryStore();
    for (const sized of [false, true]) {
      const key = budgeted();
      chargeKey(store, key, undefined, 0.9, NOON, noStoreErrors);
      await sleep(10);
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, () => request(store, key, sized ? { tokens: 600, cost: 0.06 } : undefined)),
      );
      await sleep(30);
      const [spent] = await readUsage(store, [key.id], NOON);
      if (sized) {
        expect(outcomes.filter((outcome) => outcome === 'refused').length).toBeGreaterThanOrEqual(17);
        expect(spent?.month.cost).toBeLessThanOrEqual(1 + cost);
      } else expect(spent?.month.cost).toBeGreaterThan(1.5);
    }
  });

  it('gives every sized hold back when requests close, refused ones included', async () => {
    const store = new MemoryStore();
    const key = budgeted();
    const first = await Promise.all(Array.from({ length: 6 }, () => request(store, key, { tokens: 1, cost: 0.3 })));
    expect(first.filter((outcome) => outcome === 'answered')).toHaveLength(4);
    await sleep(30);
    // 0.2 spent, nothing held: two holds of 0.3 fit under 1 again, not a third.
    const again = await Promise.all(Array.from({ length: 4 }, () => request(store, key, { tokens: 1, cost: 0.3 })));
    expect(again.filter((outcome) => outcome === 'answered')).toHaveLength(3);
  });
});
