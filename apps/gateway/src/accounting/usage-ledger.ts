import type { IrUsage } from '@interlingua/ir';
import type { CounterOp, StateStore } from '../store/state-store.js';
import { counterKey, type CounterKind } from './counter-keys.js';
import { counterTtlMs, windowAt, type Window } from './usage-periods.js';

/** The per-key totals kept for each day and month. Cost is kept in millionths of a unit. */
export const USAGE_FIELDS = [
  'requests',
  'inputTokens',
  'outputTokens',
  'cachedTokens',
  'reasoningTokens',
  'costMicros',
  'unpricedRequests',
] as const;
export type UsageField = (typeof USAGE_FIELDS)[number];
export type BudgetPeriod = 'day' | 'month';

/** The store key of one per-key total. */
export function usageCounterKey(keyId: string, period: BudgetPeriod, window: Window, field: UsageField): string {
  return counterKey(USAGE_COUNTERS[period][field], keyId, window);
}

/** The counter kind of each total: `usage:<key>:<period>:<window>:<field>`. */
const USAGE_COUNTERS = {
  day: usageCounterKinds('day'),
  month: usageCounterKinds('month'),
};

function usageCounterKinds(period: BudgetPeriod): Record<UsageField, CounterKind> {
  const kinds = {} as Record<UsageField, CounterKind>;
  for (const field of USAGE_FIELDS) kinds[field] = { spell: (name, id) => `usage:${name}:${period}:${id}:${field}` };
  return kinds;
}

/** What one finished request adds to its key's day and month totals (zero amounts are skipped). */
export function usageChargeOps(
  keyId: string,
  usage: IrUsage | undefined,
  cost: number | null,
  now: number,
): CounterOp[] {
  const amounts: Record<UsageField, number> = {
    requests: 1,
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    cachedTokens: (usage?.cacheReadTokens ?? 0) + (usage?.cacheWriteTokens ?? 0),
    reasoningTokens: usage?.reasoningTokens ?? 0,
    costMicros: cost === null ? 0 : Math.round(cost * 1_000_000),
    unpricedRequests: cost === null && usage ? 1 : 0,
  };
  const ops: CounterOp[] = [];
  for (const period of ['day', 'month'] as const) {
    const window = windowAt(period, now);
    const ttlMs = counterTtlMs(window, now);
    for (const field of USAGE_FIELDS) {
      if (amounts[field] > 0)
        ops.push({ key: usageCounterKey(keyId, period, window, field), by: amounts[field], ttlMs });
    }
  }
  return ops;
}

/** One key's totals for one period, as `/admin/usage` reports them. */
export interface PeriodUsage {
  period: string;
  requests: number;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  reasoningTokens: number;
  /** Sum of the priced requests' costs. */
  cost: number;
  /** Requests with usage but no price in the table (not in `cost`). */
  unpricedRequests: number;
}

/** The day and month totals of each key (by id), read in one store call. */
export async function readUsage(
  store: StateStore,
  keyIds: readonly string[],
  now: number,
): Promise<Array<{ key: string; day: PeriodUsage; month: PeriodUsage }>> {
  const windows = { day: windowAt('day', now), month: windowAt('month', now) };
  const ops: CounterOp[] = [];
  for (const id of keyIds) {
    for (const period of ['day', 'month'] as const) {
      for (const field of USAGE_FIELDS)
        ops.push({ key: usageCounterKey(id, period, windows[period], field), by: 0, ttlMs: 0 });
    }
  }
  const values = await store.counters(ops);
  let at = 0;
  const next = (period: BudgetPeriod): PeriodUsage => {
    const read = Object.fromEntries(USAGE_FIELDS.map((field) => [field, values[at++] ?? 0])) as Record<
      UsageField,
      number
    >;
    const { costMicros, ...counts } = read;
    return { period: windows[period].id, ...counts, cost: costMicros / 1_000_000 };
  };
  return keyIds.map((key) => ({ key, day: next('day'), month: next('month') }));
}
