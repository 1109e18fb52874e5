import { describe, expect, it } from 'vitest';
import type { ResponsesConfig } from '../config/responses-schema.js';
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

function storeWith(
  config: Partial<ResponsesConfig['store']> = {},
  now: () => number = Date.now,
  state = new MemoryStore(1000, now),
): ResponseStore {
  return new ResponseStore(state, {
    ttlSeconds: 60,
    maxEntries: 10,
    maxEntryBytes: 100_000,
    maxBytesPerKey: 100_000,
    maxTotalBytes: 1_000_000,
    ...config,
  });
}

async function keptOf(store: ResponseStore, ids: readonly string[], key = 'k'): Promise<boolean[]> {
  return Promise.all(ids.map(async (id) => (await store.get(id, key)) !== undefined));
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

  it("keeps at most maxEntries responses per key, the key's own oldest going first, never another key's", async () => {
    const store = storeWith({ maxEntries: 3 });
    const other = newGatewayResponseId();
    await store.save(entry(other, 'other'));
    const ids = Array.from({ length: 5 }, () => newGatewayResponseId());
    for (const id of ids) await store.save(entry(id));
    expect(await keptOf(store, ids)).toEqual([false, false, true, true, true]);
    expect(await store.get(other, 'other')).toBeDefined();
  });

  it("keeps at most maxBytesPerKey bytes per key, evicting the key's own oldest", async () => {
    const size = Buffer.byteLength(JSON.stringify(entry(newGatewayResponseId())));
    const store = storeWith({ maxBytesPerKey: size * 2 + 10, maxEntryBytes: size * 2 });
    const other = newGatewayResponseId();
    await store.save(entry(other, 'other'));
    const ids = Array.from({ length: 4 }, () => newGatewayResponseId());
    for (const id of ids) expect(await store.save(entry(id))).toBeUndefined();
    expect(await keptOf(store, ids)).toEqual([false, false, true, true]);
    expect(await store.get(other, 'other')).toBeDefined();
  });

  it('refuses up front a request larger than one stored response may be, in a 413 naming store', async () => {
    const store = storeWith({ maxEntryBytes: 1_000, maxBytesPerKey: 5_000 });
    await expect(store.admit('k', 999)).resolves.toBeUndefined();
    await expect(store.admit('k', 1_001)).rejects.toMatchObject({
      data: {
        kind: 'request-too-large',
        code: 'stored_response_too_large',
        param: 'store',
        message: expect.stringContaining('"store": false'),
      },
    });
  });

  it("refuses a key whose request would not fit beside other keys' responses, evicting none of theirs", async () => {
    const size = Buffer.byteLength(JSON.stringify(entry(newGatewayResponseId())));
    const store = storeWith({ maxTotalBytes: size * 2 + 10, maxBytesPerKey: size * 2, maxEntryBytes: size * 2 });
    const [a, b, c] = [newGatewayResponseId(), newGatewayResponseId(), newGatewayResponseId()];
    await store.save(entry(a, 'alice'));
    await store.save(entry(b, 'bob'));
    await expect(store.admit('carol', size)).rejects.toMatchObject({
      data: { kind: 'quota-exceeded', code: 'response_store_full' },
    });
    expect(await store.save(entry(c, 'carol'))).toMatch(/store of responses is full/);
    expect(await keptOf(store, [a], 'alice')).toEqual([true]);
    expect(await keptOf(store, [b], 'bob')).toEqual([true]);
    await expect(store.admit('alice', size)).resolves.toBeUndefined();
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
    expect(await store.save(entry(id))).toMatch(/larger than responses\.store\.maxEntryBytes \(200\)/);
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
    await expect(store.chain(c, 'k')).rejects.toMatchObject({
      data: { kind: 'not-found', code: 'response_not_found', message: expect.stringContaining(a) },
    });
    await expect(store.chain(c, 'k', 'previous_response_id')).rejects.toMatchObject({
      data: {
        kind: 'invalid-request',
        code: 'previous_response_not_found',
        param: 'previous_response_id',
        message: expect.stringContaining(a),
      },
    });
  });
});
