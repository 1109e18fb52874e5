import { describe, expect, it } from 'vitest';
import { RestartBackoff, STABLE_AFTER_MS } from './restart-backoff.js';

describe('RestartBackoff', () => {
  it('waits longer after each worker that dies soon after starting, up to 30 s', () => {
    let now = 0;
    const backoff = new RestartBackoff(() => now);
    const delays: number[] = [];
    for (let id = 1; id <= 10; id += 1) {
      backoff.started(id);
      now += 100;
      delays.push(backoff.exited(id));
    }
    expect(delays).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts again quickly after a worker that ran for a while', () => {
    let now = 0;
    const backoff = new RestartBackoff(() => now);
    for (let id = 1; id <= 4; id += 1) {
      backoff.started(id);
      backoff.exited(id);
    }
    backoff.started(5);
    now += STABLE_AFTER_MS;
    expect(backoff.exited(5)).toBe(250);
  });
});
