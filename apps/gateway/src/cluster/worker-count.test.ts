import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseWorkersFlag, workerCount } from './worker-count.js';

describe('--workers and server.workers', () => {
  it('reads a whole number from 1 to 256, or auto', () => {
    expect(['1', '2', '256', 'auto'].map(parseWorkersFlag)).toEqual([1, 2, 256, 'auto']);
  });

  it.each(['0', '257', '-1', '1.5', '2x', '', 'AUTO', ' 2'])('refuses %j', (text) => {
    expect(parseWorkersFlag(text)).toBeUndefined();
  });

  it('counts auto as one worker per core', () => {
    expect(workerCount('auto')).toBe(availableParallelism());
    expect(workerCount(3)).toBe(3);
  });
});
