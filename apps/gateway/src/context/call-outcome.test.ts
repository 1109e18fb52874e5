import { describe, expect, it } from 'vitest';
import type { RouteTarget } from './route-target.js';
import { CallOutcome } from './call-outcome.js';

const target = { upstreamModel: 'm' } as RouteTarget;
const warning = { kind: 'dropped', field: 'x', message: 'x is not sent' } as const;
const usage = { inputTokens: 3, outputTokens: 4, totalTokens: 7 };

describe('CallOutcome', () => {
  it('counts attempts, and starts an attempt path from the warnings given (else keeps them)', () => {
    const outcome = new CallOutcome();
    outcome.attempted(target);
    outcome.warn([warning]);
    outcome.took('translated:a>b');
    expect([outcome.attempts, outcome.target, outcome.path, outcome.warnings]).toEqual([
      1,
      target,
      'translated:a>b',
      [warning],
    ]);
    outcome.attempted(target);
    outcome.took('fast', []);
    expect([outcome.attempts, outcome.warnings]).toEqual([2, []]);
  });

  it('keeps the first byte, adds streamed finish reasons, and sets what a whole answer said', () => {
    const outcome = new CallOutcome();
    outcome.firstByte();
    const first = outcome.firstByteAt;
    outcome.firstByte();
    expect(outcome.firstByteAt).toBe(first);
    outcome.finished('stop');
    outcome.finished('length');
    expect(outcome.finishReasons).toEqual(['stop', 'length']);
    outcome.answered({ model: 'x', finishReasons: ['stop'] });
    expect([outcome.responseModel, outcome.finishReasons, outcome.responseBody]).toEqual(['x', ['stop'], undefined]);
  });

  it('prices only known usage, and an estimate drops the cost of the reported figures', () => {
    const outcome = new CallOutcome();
    outcome.priced(0.5);
    expect(outcome.cost).toBeUndefined();
    outcome.used(usage);
    outcome.priced(0.5);
    expect(outcome.cost).toBe(0.5);
    outcome.estimatedUsage({ ...usage, outputTokens: 9, totalTokens: 12 });
    expect([outcome.usageEstimated, 'cost' in outcome, outcome.usage?.outputTokens]).toEqual([true, false, 9]);
  });

  it('holds no field it was not told (a fresh outcome is attempts and warnings only)', () => {
    expect({ ...new CallOutcome() }).toStrictEqual({ attempts: 0, warnings: [] });
  });
});
