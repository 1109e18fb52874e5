import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../store/memory-store.js';
import { isGatewayResponseId, newGatewayResponseId, ResponseStore, type StoredResponse } from './response-store.js';

function entry(id: string, key = 'k', previousResponseId?: string): StoredResponse {
  return {
    id,
    key,
    created: 1,
    ...(previousResponseId ? { previousResponseId } : {}),
    inputItems: [{ id: `msg_${id}`, type: 'message', role: 'user', content: [{ type: 'input_text', text: id }] }],
    inputMessages: [{ role: 'user', content: [{ type: 'text', text: id }] }],
    output: [{ type: 'text', text: `answer ${id}` }],
    response: { id, object: 'response' },
  };
}

function storeWith(config: Partial<{ ttlSeconds: number; maxEntries: number; maxEntryBytes: number }> = {}, now: () => number = Date.now): ResponseStore {
  return new ResponseStore(new MemoryStore(1000, now), { ttlSeconds: 60, maxEntries: 10, maxEntryBytes: 100_000, ...config });
}

describe('ResponseStore', () => {
  it('mints gateway ids and tells them from OpenAI ids', () => {
    const id = newGatewayResponseId();
    expect(id).toMatch(/^resp_ilg_[0-9a-f]{32}$/);
    expect(isGatewayResponseId(id)).toBe(true);
    expect(isGatewayResponseId('resp_67cc0000')).toBe(false);
  });

  it('gives a response only to the key that stored it', async () => {
    const store = storeWith();
    const id = newGatewayResponseId();
    await store.save(entry(id, 'alice'));
    expect((await store.get(id, 'alice'))?.output).toEqual([{ type: 'text', text: `answer ${id}` }]);
    expect(await store.get(id, 'bob')).toBeUndefined();
    expect(await store.delete(id, 'bob')).toBe(false);
    expect(await store.delete(id, 'alice')).toBe(true);
    expect(await store.get(id, 'alice')).toBeUndefined();
  });

  it('keeps at most maxEntries responses, the oldest going first', async () => {
    const store = storeWith({ maxEntries: 3 });
    const ids = Array.from({ length: 5 }, () => newGatewayResponseId());
    for (const id of ids) await store.save(entry(id));
    const kept = await Promise.all(ids.map(async (id) => (await store.get(id, 'k')) !== undefined));
    expect(kept).toEqual([false, false, true, true, true]);
  });

  it('forgets responses after the TTL', async () => {
    let now = 1_000_000;
    const store = storeWith({ ttlSeconds: 10 }, () => now);
    const id = newGatewayResponseId();
    await store.save(entry(id));
    now += 9_000;
    expect(await store.get(id, 'k')).toBeDefined();
    now += 2_000;
    expect(await store.get(id, 'k')).toBeUndefined();
  });

  it('does not store an entry above maxEntryBytes', async () => {
    const store = storeWith({ maxEntryBytes: 200 });
    const id = newGatewayResponseId();
    expect(await store.save(entry(id))).toBe(false);
    expect(await store.get(id, 'k')).toBeUndefined();
  });

  it('follows previous_response_id links oldest first, and names the first missing one', async () => {
    const store = storeWith();
    const [a, b, c] = [newGatewayResponseId(), newGatewayResponseId(), newGatewayResponseId()];
    await store.save(entry(a));
    await store.save(entry(b, 'k', a));
    await store.save(entry(c, 'k', b));
    expect((await store.chain(c, 'k')).map((e) => e.id)).toEqual([a, b, c]);
    await store.delete(a, 'k');
    await expect(store.chain(c, 'k', 'previous_response_id')).rejects.toMatchObject({ data: { kind: 'not-found', param: 'previous_response_id', message: expect.stringContaining(a) } });
  });
});
