import { describe, expect, it } from 'vitest';
import { RESPONSE_STORE_DEFAULTS } from '../config/responses-schema.js';
import { MemoryStore } from '../store/memory-store.js';
import { UpstreamResponseOwners } from './upstream-response-owners.js';

const owner = { provider: 'oai', model: 'gpt-4.1' };

describe('UpstreamResponseOwners', () => {
  it('keeps owners per key, at most maxEntries per key (its oldest go first)', async () => {
    const owners = new UpstreamResponseOwners(new MemoryStore(), {
      ...RESPONSE_STORE_DEFAULTS,
      ttlSeconds: 60,
      maxEntries: 2,
    });
    for (const id of ['resp_a', 'resp_b', 'resp_c']) await owners.remember('key_1', id, owner);
    expect(await owners.owner('key_1', 'resp_a')).toBeUndefined();
    expect(await owners.owner('key_1', 'resp_c')).toEqual(owner);
    expect(await owners.owner('key_2', 'resp_c')).toBeUndefined();
    await owners.forget('key_1', 'resp_c');
    expect(await owners.owner('key_1', 'resp_c')).toBeUndefined();
  });
});
