import { IrError, type IrErrorData } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { routingSchema } from '../config/operations-schema.js';
import { backoffMs, classifyFailure } from './retry-policy.js';

const config = routingSchema.parse({ backoff: { initialMs: 100, maxMs: 1_000, multiplier: 2 } });
const error = (data: Partial<IrErrorData>) =>
  new IrError({ kind: 'upstream-error', message: 'm', source: 'upstream', ...data });

describe('classifyFailure', () => {
  it('retries 429, 5xx, overload, timeouts and connection errors from upstreams', () => {
    for (const kind of ['rate-limit', 'upstream-error', 'overloaded', 'timeout', 'upstream-unavailable'] as const)
      expect(classifyFailure(error({ kind }))).toBe('retry');
  });

  it('falls over on quota-exceeded without retrying it, and ends on request errors and gateway errors', () => {
    expect(classifyFailure(error({ kind: 'quota-exceeded' }))).toBe('fallback-only');
    expect(classifyFailure(error({ kind: 'invalid-request', status: 400 }))).toBe('final');
    expect(classifyFailure(error({ kind: 'authentication' }))).toBe('final');
    expect(classifyFailure(error({ kind: 'timeout', source: 'gateway' }))).toBe('final');
    expect(classifyFailure(error({ kind: 'upstream-error', source: undefined }))).toBe('final');
  });
});

describe('backoffMs', () => {
  it('doubles per round up to maxMs, with half of it random', () => {
    expect(backoffMs(1, config, 0, () => 0)).toBe(50);
    expect(backoffMs(1, config, 0, () => 1)).toBe(100);
    expect(backoffMs(3, config, 0, () => 1)).toBe(400);
    expect(backoffMs(10, config, 0, () => 0)).toBe(500);
    expect(backoffMs(10, config, 0, () => 1)).toBe(1_000);
  });

  it('waits at least the retry-after', () => {
    expect(backoffMs(1, config, 2, () => 1)).toBe(2_000);
  });
});
