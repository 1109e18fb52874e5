import { randomUUID } from 'node:crypto';
import { IrError } from '@interlingua/ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileKeys, type GatewayKey } from '../auth/api-keys.js';
import type { BudgetConfig } from '../config/operations-schema.js';
import type { ResolvedRoute, RouteTarget } from '../context/route-target.js';
import { MemoryStore } from '../store/memory-store.js';
import type { StateStore } from '../store/state-store.js';
import { MAX_HOLD_UNITS, sizedReservation, type BudgetReservation } from './budget-reservation.js';
import { expectedUse, MAX_HELD_OUTPUT_TOKENS } from './budget-sizing.js';
import { admitKey, resizeReservations } from './key-limiter.js';
import { PriceTable } from './price-table.js';
import { chargeKey } from './usage-charge.js';
import { readUsage } from './usage-ledger.js';
import { SEARCHES_HELD_PER_REQUEST } from './web-search-hold.js';

const NOON = Date.UTC(2030, 5, 15, 12, 0, 30);
const HUGE = 1.7976931348623157e308;
const noStoreErrors = (operation: string, error: unknown): void => {
  throw new Error(`unexpected store error in ${operation}: ${String(error)}`);
};
const route: ResolvedRoute = {
  routeName: 'r',
  targets: [{ settings: { id: 'p' }, upstreamModel: 'priced', weight: 1, priority: 0 } as unknown as RouteTarget],
};
/** Prices above 1 per million: a cap near the largest double times the price overflows to Infinity. */
const prices = new PriceTable([
  { model: 'priced', inputPerMillion: 10, outputPerMillion: 40, webSearchPerThousand: 10 },
]);
const keyWith = (budgets: BudgetConfig[]): GatewayKey =>
  compileKeys([{ name: 'k', id: `hostile-${randomUUID()}`, secret: 'secret-value-1', models: ['*'], budgets }])[0]!;

/** Every style's output-cap field, holding `value`. */
const CAP_FIELDS: Array<(value: unknown) => Record<string, unknown>> = [
  (value) => ({ max_tokens: value }),
  (value) => ({ max_completion_tokens: value }),
  (value) => ({ max_output_tokens: value }),
  (value) => ({ generationConfig: { maxOutputTokens: value } }),
  (value) => ({ generation_config: { max_output_tokens: value } }),
];

/** Admitted, its holds sized to `body`: the holds, or the refusal. */
async function admitAndSize(
  store: StateStore,
  key: GatewayKey,
  body: Record<string, unknown>,
): Promise<{ held: BudgetReservation[]; refused: boolean }> {
  let held: BudgetReservation[];
  try {
    held = await admitKey(store, key, NOON, noStoreErrors);
  } catch (error) {
    if (error instanceof IrError) return { held: [], refused: true };
    throw error;
  }
  const expected = expectedUse(body, 200, route, prices);
  if (!expected) return { held, refused: false };
  const resized = await resizeReservations(store, key, held, expected, NOON, noStoreErrors);
  return { held: resized.reservations, refused: resized.error !== undefined };
}

/** Lets the charge, which nobody waits for, land. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('budget holds against the numbers a caller sends', () => {
  it("a chat body's max_output_tokens of 1.7976931348623157e308 cannot switch a 0.05 cost budget off", async () => {
    const store = new MemoryStore();
    const key = keyWith([{ period: 'month', cost: 0.05 }]);
    const outcomes: string[] = [];
    const usage = { inputTokens: 100, outputTokens: 400, totalTokens: 500 };
    for (let i = 0; i < 6; i++)
      for (const body of [{ max_output_tokens: HUGE }, { max_tokens: 100 }]) {
        const { held, refused } = await admitAndSize(store, key, { model: 'm', ...body });
        chargeKey(store, key, refused ? undefined : usage, refused ? null : 0.02, NOON, noStoreErrors, held);
        await settle();
        outcomes.push(refused ? 'refused' : 'answered');
      }
    const [spent] = await readUsage(store, [key.id], NOON);
    expect(outcomes.slice(-4)).toEqual(['refused', 'refused', 'refused', 'refused']);
    expect(spent?.month.cost).toBeLessThanOrEqual(0.05 + 0.02);
  });

  it('counts at most MAX_HELD_OUTPUT_TOKENS of output whatever cap a body names, in any style', () => {
    for (const field of CAP_FIELDS)
      expect(expectedUse(field(HUGE), 400, route, prices)?.tokens).toBe(100 + MAX_HELD_OUTPUT_TOKENS);
  });

  it('a huge hold given back leaves a concurrent hold exactly as it was', async () => {
    const store = new MemoryStore();
    const key = keyWith([{ period: 'day', tokens: 100_000_000 }]);
    const modest = await admitAndSize(store, key, { max_tokens: 500 });
    const hostile = await admitAndSize(store, key, { max_output_tokens: HUGE });
    chargeKey(store, key, undefined, null, NOON, noStoreErrors, hostile.held);
    await settle();
    const reservedKey = modest.held[0]!.op.key;
    expect(await store.counter(reservedKey)).toBe(modest.held[0]!.op.by);
  });

  it('holds the hosted web searches a request enables, in each style, at their price', () => {
    const plain = expectedUse({ max_tokens: 100 }, 400, route, prices)!.cost!;
    const perSearch = 10 / 1000;
    const searching: Array<[Record<string, unknown>, number]> = [
      [{ web_search_options: {} }, SEARCHES_HELD_PER_REQUEST],
      [{ tools: [{ type: 'web_search' }] }, SEARCHES_HELD_PER_REQUEST],
      [{ tools: [{ type: 'web_search_preview_2025_03_11' }] }, SEARCHES_HELD_PER_REQUEST],
      [{ tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }] }, 3],
      [{ tools: [{ googleSearch: {} }] }, SEARCHES_HELD_PER_REQUEST],
    ];
    for (const [body, searches] of searching)
      expect(expectedUse({ max_tokens: 100, ...body }, 400, route, prices)?.cost).toBeCloseTo(
        plain + searches * perSearch,
        12,
      );
  });
});

/** Any JSON-ish number: doubles with NaN and both infinities, huge and negative ones, integers past 2^53. */
const hostileNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(HUGE, -HUGE, Number.MAX_SAFE_INTEGER + 2, -1, 0, -0, 1e21, 2 ** 63),
  fc.integer(),
);
/** A body with hostile numbers in any of the output-cap fields, and maybe a web search with a hostile `max_uses`. */
const hostileBody = fc
  .tuple(
    fc.array(fc.tuple(fc.integer({ min: 0, max: CAP_FIELDS.length - 1 }), hostileNumber), { maxLength: 5 }),
    fc.option(hostileNumber),
  )
  .map(([caps, maxUses]) => {
    const body: Record<string, unknown> = {};
    for (const [field, value] of caps) Object.assign(body, CAP_FIELDS[field]!(value));
    if (maxUses !== null) body.tools = [{ type: 'web_search_20250305', name: 'web_search', max_uses: maxUses }];
    return body;
  });

describe('the budget path over arbitrary numbers in every style’s output-cap fields (property)', () => {
  it('sizes a finite, non-negative, bounded hold', () => {
    const budget = { period: 'day' as const, tokens: 1_000 };
    fc.assert(
      fc.property(hostileBody, fc.integer({ min: 0, max: 32 * 1024 * 1024 }), (body, bytes) => {
        const expected = expectedUse(body, bytes, route, prices);
        if (!expected) return;
        expect(Number.isFinite(expected.tokens) && expected.tokens >= 0).toBe(true);
        expect(expected.tokens).toBeLessThanOrEqual(Math.ceil(bytes / 4) + MAX_HELD_OUTPUT_TOKENS);
        expect(expected.cost === null || (Number.isFinite(expected.cost) && expected.cost >= 0)).toBe(true);
        for (const unit of ['tokens', 'cost'] as const) {
          const held = { budget, window: { id: 'w', endsAt: 0 }, unit, amount: 1, op: { key: 'r', by: 1, ttlMs: 1 } };
          const { op } = sizedReservation(held as BudgetReservation, expected);
          expect(Number.isFinite(op.by) && op.by >= 1 && op.by <= MAX_HOLD_UNITS).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every counter finite and a concurrent hold exact through admission, sizing and release', async () => {
    const key = keyWith([
      { period: 'day', tokens: 100_000_000 },
      { period: 'month', cost: 1_000 },
    ]);
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        const store = new MemoryStore(1_000);
        const modest = await admitAndSize(store, key, { max_tokens: 100 });
        const hostile = await admitAndSize(store, key, body);
        chargeKey(store, key, undefined, null, NOON, noStoreErrors, hostile.held);
        await settle();
        for (const reservation of modest.held) expect(await store.counter(reservation.op.key)).toBe(reservation.op.by);
        chargeKey(store, key, undefined, null, NOON, noStoreErrors, modest.held);
        await settle();
        for (const reservation of modest.held) expect(await store.counter(reservation.op.key)).toBe(0);
      }),
      { numRuns: 100 },
    );
  });
});
