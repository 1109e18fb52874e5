import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IrError } from '@interlingua/ir';
import { afterAll, describe, expect, it } from 'vitest';
import { compileKeys } from '../auth/api-keys.js';
import { readUsage } from './usage-ledger.js';
import { chargeKey } from './usage-charge.js';
import { MemoryStore } from '../store/memory-store.js';
import { RedisStore } from '../store/redis-store.js';
import { redisTestUrl } from '../store/redis-test-url.test-support.js';
import type { StateStore } from '../store/state-store.js';
import { admitKey, type StoreFailMode } from './key-limiter.js';

const NOON = Date.UTC(2030, 5, 15, 12, 0, 30);
const COST_PER_REQUEST = 0.05;
const usage = { inputTokens: 100, outputTokens: 400, totalTokens: 500 };
const noStoreErrors = (operation: string, error: unknown): void => {
  throw new Error(`unexpected store error in ${operation}: ${String(error)}`);
};
const settle = () => new Promise((resolve) => setImmediate(resolve));

function budgetedKey(reservePerRequest?: number) {
  const budget = {
    period: 'month' as const,
    cost: 1,
    ...(reservePerRequest === undefined ? {} : { reservePerRequest }),
  };
  return compileKeys([
    { name: 'budgeted', id: `reserve-${randomUUID()}`, secret: 'secret-value-1', models: ['*'], budgets: [budget] },
  ])[0]!;
}

/** One request: admitted (or refused), then a slow upstream, then charged at its real cost; or it fails upstream. */
async function request(
  store: StateStore,
  key: ReturnType<typeof budgetedKey>,
  fails: boolean,
): Promise<'answered' | 'refused' | 'failed'> {
  let reservations;
  try {
    reservations = await admitKey(store, key, NOON, noStoreErrors);
  } catch (error) {
    if (error instanceof IrError && error.data.code === 'budget_exceeded') return 'refused';
    throw error;
  }
  await sleep(20);
  chargeKey(store, key, fails ? undefined : usage, fails ? null : COST_PER_REQUEST, NOON, noStoreErrors, reservations);
  return fails ? 'failed' : 'answered';
}

function describeReservations(name: string, makeStore: () => StateStore): void {
  describe(`budget reservations (${name})`, () => {
    const store = makeStore();
    afterAll(() => store.close());

    it('20 concurrent requests on a nearly spent cost budget overspend it by at most one request', async () => {
      const key = budgetedKey(COST_PER_REQUEST);
      chargeKey(store, key, usage, 0.99, NOON, noStoreErrors);
      await sleep(10);
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => request(store, key, false)));
      await sleep(20);
      const [spent] = await readUsage(store, [key.id], NOON);
      expect(outcomes.filter((outcome) => outcome === 'answered')).toHaveLength(1);
      expect(spent?.month.cost).toBeLessThanOrEqual(1 + COST_PER_REQUEST);
    });

    it('gives reservations back when requests fail or are refused, so the budget is usable again', async () => {
      const key = budgetedKey(0.3);
      const first = await Promise.all(Array.from({ length: 6 }, (_, index) => request(store, key, index % 2 === 0)));
      // Held 0, 0.3, 0.6, 0.9 by the others: four fit under 1, two are refused.
      expect(first.filter((outcome) => outcome === 'refused')).toHaveLength(2);
      await sleep(20);
      const again = await Promise.all(Array.from({ length: 4 }, () => request(store, key, false)));
      await settle();
      // 0.1 spent by the two answers; nothing left held, so three reservations of 0.3 fit again, not a fourth.
      expect(again.filter((outcome) => outcome !== 'refused')).toHaveLength(3);
    });
  });
}

describeReservations('memory store', () => new MemoryStore());
const url = redisTestUrl();
if (url)
  describeReservations(
    'Redis store',
    () => new RedisStore({ url, keyPrefix: 'interlingua-test:', commandTimeoutMs: 2_000 }),
  );
else describe.skip('budget reservations (Redis store; set REDIS_URL to run)', () => undefined);

describe('limits when the store is away (a Redis store on a closed port)', () => {
  const store = new RedisStore({ url: 'redis://127.0.0.1:1', keyPrefix: 'interlingua-test:', commandTimeoutMs: 300 });
  afterAll(() => store.close());
  const admit = async (mode: StoreFailMode, errors: string[]) =>
    admitKey(store, budgetedKey(), NOON, (operation) => errors.push(operation), mode);

  it('fail open: the request goes on, unreserved, and the store error is reported', async () => {
    const errors: string[] = [];
    expect(await admit('open', errors)).toEqual([]);
    expect(errors).toEqual(['admit']);
  });

  it('fail closed: the request is refused with 503 limits_unavailable', async () => {
    const errors: string[] = [];
    const refusal = await admit('closed', errors).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(IrError);
    expect((refusal as IrError).data).toMatchObject({ kind: 'overloaded', status: 503, code: 'limits_unavailable' });
    expect(errors).toEqual(['admit']);
  });
});
