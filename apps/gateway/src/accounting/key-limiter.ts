import type { IrError } from '@interlingua/ir';
import type { GatewayKey, LimitHolder } from '../auth/api-keys.js';
import type { CounterOp, StateStore } from '../store/state-store.js';
import { counterKey, RPM_COUNTER } from './counter-keys.js';
import { tpmCounterKey } from './usage-charge.js';
import { usageCounterKey } from './usage-ledger.js';
import { counterTtlMs, secondsUntil, windowAt, type Window } from './usage-periods.js';
import {
  heldByOthers,
  releaseOps,
  reserveOn,
  sizedReservation,
  type BudgetReservation,
  type ExpectedUse,
} from './budget-reservation.js';
import { gatewayError } from '../http/style-errors.js';

/** Called when the store fails (counted and logged). */
export type StoreErrorHandler = (operation: string, error: unknown) => void;

/** What a failing store means for limits: `open` lets the request through, `closed` refuses it (503). */
export type StoreFailMode = 'open' | 'closed';

interface Check {
  /** Counter ops this check needs, in order. */
  ops: CounterOp[];
  /** The error to answer with, given the values of its ops; undefined when within the limit. */
  verdict(values: number[]): IrError | undefined;
  /** Budget this check holds while the request runs. */
  reservation?: BudgetReservation;
}

/**
 * Checks a key's RPM, TPM and budgets, and those of its team, before a request goes upstream, in
 * ONE store call (one Redis pipeline), so a team's keys across a fleet see each other's holds: the RPM counter of the current minute is incremented, the TPM counter and the
 * budget totals are read, and each budget's reserved counter takes this request's reservation.
 * A budget refuses when its use plus what other running requests hold reaches it, so concurrent
 * requests cannot all pass a nearly spent budget. Keys without limits cost no store call. Over a
 * limit -> 429 with `retry-after` (the end of the window), and the reservations are given back.
 * A failing store lets the request through (`open`, no reservation) or refuses it with 503.
 * Returns the reservations, to release with `releaseOps` when the request closes.
 */
export async function admitKey(
  store: StateStore,
  key: GatewayKey,
  now: number,
  onStoreError: StoreErrorHandler,
  failMode: StoreFailMode = 'open',
): Promise<BudgetReservation[]> {
  const checks = limitChecks(key, now);
  if (checks.length === 0) return [];
  const reservations = checks.flatMap((check) => (check.reservation ? [check.reservation] : []));
  const ops = checks.flatMap((check) => check.ops);
  let values: number[];
  try {
    values = await store.counters(ops);
  } catch (error) {
    onStoreError('admit', error);
    if (failMode === 'closed') throw limitsUnavailable();
    return [];
  }
  overLimitWhenNonFinite(values, ops, onStoreError);
  let at = 0;
  for (const check of checks) {
    const own = values.slice(at, at + check.ops.length);
    at += check.ops.length;
    const error = check.verdict(own);
    if (error) {
      if (reservations.length > 0)
        store.counters(releaseOps(reservations)).catch((failure: unknown) => onStoreError('release', failure));
      throw error;
    }
  }
  return reservations;
}

/**
 * The counters as the limits read them: one holding a non-finite value (written before the
 * stores refused such values, or by hand) counts as over every limit, and is reported through
 * `onStoreError` (counted and logged with the counter's name).
 */
function overLimitWhenNonFinite(values: number[], ops: readonly CounterOp[], onStoreError: StoreErrorHandler): void {
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value === 'number' && Number.isFinite(value)) continue;
    const name = ops[i]?.key ?? 'a counter';
    onStoreError('non-finite-counter', new Error(`${name} holds ${String(value)}; it counts as over its limit`));
    values[i] = Number.POSITIVE_INFINITY;
  }
}

function limitChecks(key: GatewayKey, now: number): Check[] {
  return [...holderChecks(key, 'key', now), ...(key.team ? holderChecks(key.team, 'team', now) : [])];
}

/** The RPM, TPM and budget checks of one key or team. */
function holderChecks(key: LimitHolder, kind: 'key' | 'team', now: number): Check[] {
  const checks: Check[] = [];
  const minute = windowAt('minute', now);
  if (key.rpm !== undefined) {
    const rpm = key.rpm;
    checks.push({
      ops: [{ key: counterKey(RPM_COUNTER, key.id, minute), by: 1, ttlMs: counterTtlMs(minute, now) }],
      verdict: ([count = 0]) =>
        count > rpm
          ? rateLimited(`Rate limit reached for ${kind} "${key.name}": ${rpm} requests per minute`, minute, now)
          : undefined,
    });
  }
  if (key.tpm !== undefined) {
    const tpm = key.tpm;
    checks.push({
      ops: [{ key: tpmCounterKey(key.id, minute), by: 0, ttlMs: 0 }],
      verdict: ([used = 0]) =>
        used >= tpm
          ? rateLimited(`Token rate limit reached for ${kind} "${key.name}": ${tpm} tokens per minute`, minute, now)
          : undefined,
    });
  }
  for (const budget of key.budgets)
    checks.push(budgetCheck(reserveOn(key, budget, windowAt(budget.period, now), now, kind), now));
  return checks;
}

/** A resized hold: the reservations now held, and the refusal when a budget cannot take the larger hold. */
export interface Resized {
  reservations: BudgetReservation[];
  error?: IrError;
}

/**
 * Sizes the budget reservations a request took at admission to what it is expected to use
 * (known once its body and route are read: its output cap and the route's price), in one store
 * call: a larger hold is added in the same atomic step that reads the budget again, so the
 * request is refused (429) when the budget cannot take it; a smaller one is given back. The
 * reservations returned are those the store now holds (released when the request closes, also
 * after a refusal). A failing store keeps the admission's holds (`open`) or refuses (`closed`).
 */
export async function resizeReservations(
  store: StateStore,
  key: GatewayKey,
  held: readonly BudgetReservation[],
  expected: ExpectedUse,
  now: number,
  onStoreError: StoreErrorHandler,
  failMode: StoreFailMode = 'open',
): Promise<Resized> {
  const sized = held.map((reservation) => sizedReservation(reservation, expected));
  const checks: Check[] = [];
  const lowered: CounterOp[] = [];
  sized.forEach((reservation, i) => {
    const add = reservation.op.by - (held[i]?.op.by ?? 0);
    if (add > 0) checks.push(budgetCheck(reservation, now, add));
    else if (add < 0) lowered.push({ ...reservation.op, by: add });
  });
  if (checks.length === 0 && lowered.length === 0) return { reservations: [...held] };
  const ops = [...checks.flatMap((check) => check.ops), ...lowered];
  let values: number[];
  try {
    values = await store.counters(ops);
  } catch (error) {
    onStoreError('reserve', error);
    return failMode === 'closed'
      ? { reservations: [...held], error: limitsUnavailable() }
      : { reservations: [...held] };
  }
  overLimitWhenNonFinite(values, ops, onStoreError);
  let at = 0;
  for (const check of checks) {
    const error = check.verdict(values.slice(at, at + check.ops.length));
    at += check.ops.length;
    if (error) return { reservations: sized, error };
  }
  return { reservations: sized };
}

/** Checks a budget (of the reservation's key or team) and adds `add` (by default the whole reservation) to its reserved counter. */
function budgetCheck(reservation: BudgetReservation, now: number, add = reservation.op.by): Check {
  const { budget, window, holder: key } = reservation;
  const read = (field: 'inputTokens' | 'outputTokens' | 'costMicros'): CounterOp => ({
    key: usageCounterKey(key.id, budget.period, window, field),
    by: 0,
    ttlMs: 0,
  });
  const hold: CounterOp = { ...reservation.op, by: add };
  if (budget.tokens !== undefined) {
    const limit = budget.tokens;
    return {
      ops: [read('inputTokens'), read('outputTokens'), hold],
      reservation,
      verdict: ([input = 0, output = 0, reserved = 0]) =>
        input + output + heldByOthers(reservation, reserved) >= limit
          ? overBudget(reservation, `${limit} tokens`, now)
          : undefined,
    };
  }
  const limitMicros = (budget.cost ?? 0) * 1_000_000;
  return {
    ops: [read('costMicros'), hold],
    reservation,
    verdict: ([micros = 0, reserved = 0]) =>
      micros + heldByOthers(reservation, reserved) >= limitMicros
        ? overBudget(reservation, `a cost of ${budget.cost ?? 0}`, now)
        : undefined,
  };
}

function limitsUnavailable(): IrError {
  return gatewayError(
    'overloaded',
    "The gateway cannot check this key's limits right now (its state store is unavailable); retry shortly",
    { status: 503, code: 'limits_unavailable' },
  );
}

function rateLimited(message: string, window: Window, now: number): IrError {
  return gatewayError('rate-limit', message, {
    code: 'rate_limit_exceeded',
    retryAfterSeconds: secondsUntil(window, now),
  });
}

function overBudget(reservation: BudgetReservation, amount: string, now: number): IrError {
  const { budget, window, holder, holderKind } = reservation;
  return gatewayError(
    'quota-exceeded',
    `${holderKind === 'team' ? 'Team' : 'Key'} "${holder.name}" has used its budget of ${amount} per ${budget.period} (${window.id}); it resets at ${new Date(window.endsAt).toISOString()}`,
    { code: 'budget_exceeded', retryAfterSeconds: secondsUntil(window, now) },
  );
}
