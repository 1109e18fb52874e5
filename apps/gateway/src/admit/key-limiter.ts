import { IrError } from '@interlingua/ir';
import type { GatewayKey } from '../auth/api-keys.js';
import type { BudgetConfig } from '../config/operations-schema.js';
import type { CounterOp, StateStore } from '../store/state-store.js';
import { counterKey, RPM_COUNTER } from '../observe/counter-keys.js';
import { tpmCounterKey } from '../observe/usage-charge.js';
import { usageCounterKey } from '../observe/usage-ledger.js';
import { counterTtlMs, secondsUntil, windowAt, type Window } from '../observe/usage-periods.js';

/** Called when the store fails; the request goes on (limits fail open). */
export type StoreErrorHandler = (operation: string, error: unknown) => void;

interface Check {
  /** Counter ops this check needs, in order. */
  ops: CounterOp[];
  /** The error to answer with, given the values of its ops; undefined when within the limit. */
  verdict(values: number[]): IrError | undefined;
}

/**
 * Checks a key's RPM, TPM and budgets before a request goes upstream, in ONE store call (one
 * Redis pipeline): the RPM counter of the current minute is incremented, the TPM counter and the
 * budget totals are read. Keys without limits cost no store call. Over a limit -> 429 with
 * `retry-after` (the end of the window). A failing store lets the request through.
 */
export async function admitKey(store: StateStore, key: GatewayKey, now: number, onStoreError: StoreErrorHandler): Promise<void> {
  const checks = limitChecks(key, now);
  if (checks.length === 0) return;
  let values: number[];
  try {
    values = await store.counters(checks.flatMap((check) => check.ops));
  } catch (error) {
    onStoreError('admit', error);
    return;
  }
  let at = 0;
  for (const check of checks) {
    const own = values.slice(at, at + check.ops.length);
    at += check.ops.length;
    const error = check.verdict(own);
    if (error) throw error;
  }
}


function limitChecks(key: GatewayKey, now: number): Check[] {
  const checks: Check[] = [];
  const minute = windowAt('minute', now);
  if (key.rpm !== undefined) {
    const rpm = key.rpm;
    checks.push({
      ops: [{ key: counterKey(RPM_COUNTER, key.id, minute), by: 1, ttlMs: counterTtlMs(minute, now) }],
      verdict: ([count = 0]) => (count > rpm ? rateLimited(`Rate limit reached for key "${key.name}": ${rpm} requests per minute`, minute, now) : undefined),
    });
  }
  if (key.tpm !== undefined) {
    const tpm = key.tpm;
    checks.push({
      ops: [{ key: tpmCounterKey(key.id, minute), by: 0, ttlMs: 0 }],
      verdict: ([used = 0]) => (used >= tpm ? rateLimited(`Token rate limit reached for key "${key.name}": ${tpm} tokens per minute`, minute, now) : undefined),
    });
  }
  for (const budget of key.budgets) checks.push(budgetCheck(key, budget, now));
  return checks;
}

function budgetCheck(key: GatewayKey, budget: BudgetConfig, now: number): Check {
  const window = windowAt(budget.period, now);
  const read = (field: 'inputTokens' | 'outputTokens' | 'costMicros'): CounterOp => ({ key: usageCounterKey(key.id, budget.period, window, field), by: 0, ttlMs: 0 });
  if (budget.tokens !== undefined) {
    const limit = budget.tokens;
    return {
      ops: [read('inputTokens'), read('outputTokens')],
      verdict: ([input = 0, output = 0]) => (input + output >= limit ? overBudget(key, budget, `${limit} tokens`, window, now) : undefined),
    };
  }
  const limit = budget.cost ?? 0;
  return {
    ops: [read('costMicros')],
    verdict: ([micros = 0]) => (micros / 1_000_000 >= limit ? overBudget(key, budget, `a cost of ${limit}`, window, now) : undefined),
  };
}


function rateLimited(message: string, window: Window, now: number): IrError {
  return new IrError({ kind: 'rate-limit', message, code: 'rate_limit_exceeded', retryAfterSeconds: secondsUntil(window, now), source: 'gateway' });
}

function overBudget(key: GatewayKey, budget: BudgetConfig, amount: string, window: Window, now: number): IrError {
  return new IrError({
    kind: 'quota-exceeded',
    message: `Key "${key.name}" has used its budget of ${amount} per ${budget.period} (${window.id}); it resets at ${new Date(window.endsAt).toISOString()}`,
    code: 'budget_exceeded',
    retryAfterSeconds: secondsUntil(window, now),
    source: 'gateway',
  });
}
