import type { LimitHolder } from '../auth/api-keys.js';
import type { BudgetConfig } from '../config/operations-schema.js';
import { counterKey, type CounterKind } from './counter-keys.js';
import { counterTtlMs, type Window } from './usage-periods.js';
import type { CounterOp } from '../store/state-store.js';

/** Part of a budget one running request holds; released when its request closes. */
export interface BudgetReservation {
  /** The key or team whose budget it is. */
  holder: Pick<LimitHolder, 'id' | 'name'>;
  /** Which of the two it is, for the refusal's wording. */
  holderKind: 'key' | 'team';
  budget: BudgetConfig;
  window: Window;
  /** The add to the reserved counter; `by` is the whole amount this request holds (store units). */
  op: CounterOp;
  unit: 'tokens' | 'cost';
  /** The amount in the budget's unit (cost, not micros). */
  amount: number;
}

/** Budget held by running requests: `reserved:<key>:<period>:<window>`. */
const RESERVED_COUNTERS: Record<BudgetConfig['period'], CounterKind> = {
  day: { spell: (name, id) => `reserved:${name}:day:${id}` },
  month: { spell: (name, id) => `reserved:${name}:month:${id}` },
};

/** Fraction of a budget a request holds when the budget names no `reservePerRequest`. */
const DEFAULT_RESERVE_FRACTION = 1 / 1000;

/**
 * The reservation a request makes on `budget` as it is admitted: added to the window's reserved
 * counter in the same atomic store step that reads the budget's use, so each concurrent request
 * sees the ones admitted before it. Store units: tokens, or cost in millionths.
 */
export function reserveOn(
  key: LimitHolder,
  budget: BudgetConfig,
  window: Window,
  now: number,
  holderKind: 'key' | 'team' = 'key',
): BudgetReservation {
  const unit = budget.tokens === undefined ? 'cost' : 'tokens';
  const limit = budget.tokens ?? budget.cost ?? 0;
  const amount = budget.reservePerRequest ?? limit * DEFAULT_RESERVE_FRACTION;
  const by = unit === 'tokens' ? Math.max(1, Math.ceil(amount)) : Math.max(1, Math.round(amount * 1_000_000));
  return {
    holder: { id: key.id, name: key.name },
    holderKind,
    budget,
    window,
    op: { key: counterKey(RESERVED_COUNTERS[budget.period], key.id, window), by, ttlMs: counterTtlMs(window, now) },
    unit,
    amount: unit === 'tokens' ? by : by / 1_000_000,
  };
}

/** What one request is expected to use at most: tokens (input estimate + its output cap) and their cost (null: no price). */
export interface ExpectedUse {
  tokens: number;
  cost: number | null;
}

/**
 * Most store units (tokens, or millionths of the cost unit) one request's hold takes: 2^40, so
 * 8,192 holds at the bound still add up exactly in a counter (below 2^53).
 */
export const MAX_HOLD_UNITS = 2 ** 40;

/** A hold from 1 to `MAX_HOLD_UNITS`; a non-finite amount holds the most. */
function boundedHold(units: number): number {
  return Number.isFinite(units) ? Math.min(MAX_HOLD_UNITS, Math.max(1, units)) : MAX_HOLD_UNITS;
}

/**
 * The reservation sized to what the request may use (store units, from 1 to `MAX_HOLD_UNITS`), or
 * the same one when that is unknown (a cost budget and a model without a price).
 */
export function sizedReservation(reservation: BudgetReservation, expected: ExpectedUse): BudgetReservation {
  const by =
    reservation.unit === 'tokens'
      ? boundedHold(Math.ceil(expected.tokens))
      : expected.cost === null
        ? undefined
        : boundedHold(Math.round(expected.cost * 1_000_000));
  if (by === undefined || by === reservation.op.by) return reservation;
  return {
    ...reservation,
    op: { ...reservation.op, by },
    amount: reservation.unit === 'tokens' ? by : by / 1_000_000,
  };
}

/** What the other running requests hold, given the reserved counter after this one's own add. */
export function heldByOthers(reservation: BudgetReservation, reservedAfterAdd: number): number {
  return Math.max(0, reservedAfterAdd - reservation.op.by);
}

/** The store ops that give reservations back (when the request closes, or is refused). */
export function releaseOps(reservations: readonly BudgetReservation[]): CounterOp[] {
  return reservations.map(({ op }) => ({ key: op.key, by: -op.by, ttlMs: op.ttlMs }));
}
