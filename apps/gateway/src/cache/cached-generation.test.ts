import { describe, expect, it, vi } from 'vitest';
import type { GenerationRequest, GenerationRun } from '../context/generation-call.js';
import { runGeneration } from '../plan/run-generation.js';
import { runCachedGeneration } from './cached-generation.js';
import type { ResponseCache } from './response-cache.js';

vi.mock('../plan/run-generation.js', () => ({ runGeneration: vi.fn() }));

const key = { id: 'key-1' };
const run = {} as GenerationRun;
const requestOn = (cache?: { ttlSeconds?: number }) =>
  ({ route: { targets: [{}], ...(cache ? { cache } : {}) } }) as unknown as GenerationRequest;

describe('runCachedGeneration without a cache for the route', () => {
  it('hands back the call itself: no frame of its own per request', () => {
    const call = Promise.resolve();
    vi.mocked(runGeneration).mockReturnValue(call);
    expect(runCachedGeneration(undefined, key, requestOn(), run)).toBe(call);
    expect(runCachedGeneration({} as ResponseCache, key, requestOn({}), run)).toBe(call);
    expect(runGeneration).toHaveBeenCalledTimes(2);
  });
});
