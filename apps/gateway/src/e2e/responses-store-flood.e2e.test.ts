import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { startGateway, type RunningGateway } from '../server.js';

/**
 * One key flooding the Responses store (`store: true` is the default) with large inputs: the
 * process heap stays bounded by the key's quota, the key's own oldest responses make room, and
 * other keys' responses survive. Before the per-key bounds, the 60 responses below (about 4 MiB
 * each stored: input items, input messages, the echoed output and the response object) all
 * stayed in memory.
 */
const MiB = 1024 * 1024;
const FLOOD_REQUESTS = 60;
const INPUT = 'flood '.repeat(Math.ceil(MiB / 6)).slice(0, MiB);
let running: RunningGateway;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

beforeAll(async () => {
  const config = configSchema.parse({
    server: { host: '127.0.0.1', port: 0 },
    keys: [
      { name: 'flooder', secret: 'flooding-key-secret' },
      { name: 'bystander', secret: 'bystander-key-secret' },
    ],
    providers: [{ id: 'mock', type: 'mock' }],
    models: [{ name: 'mock', targets: [{ provider: 'mock' }] }],
    responses: { store: { maxEntries: 100, maxBytesPerKey: 8 * MiB, maxEntryBytes: 6 * MiB, maxTotalBytes: 64 * MiB } },
  });
  running = await startGateway(config, { logDestination: { write: () => undefined } });
});

afterAll(() => running?.close());

async function create(key: string, input: string, store?: boolean): Promise<Response> {
  return fetch(`${running.url}/v1/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'mock', input, ...(store === undefined ? {} : { store }) }),
  });
}

async function createdId(key: string, input: string): Promise<string> {
  const answer = await create(key, input);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { id: string }).id;
}

async function retrieve(key: string, id: string): Promise<number> {
  const answer = await fetch(`${running.url}/v1/responses/${id}`, { headers: { authorization: `Bearer ${key}` } });
  await answer.arrayBuffer();
  return answer.status;
}

describe('a key flooding the Responses store', () => {
  it('stays within its quota: bounded heap, its own oldest evicted, other keys untouched', async () => {
    const bystanderId = await createdId('bystander-key-secret', 'a short question');
    await createdId('flooding-key-secret', INPUT);
    const before = heapAfterGc();
    const ids: string[] = [];
    for (let i = 0; i < FLOOD_REQUESTS; i += 4) {
      ids.push(...(await Promise.all([0, 1, 2, 3].map(() => createdId('flooding-key-secret', INPUT)))));
    }
    const latest = await createdId('flooding-key-secret', INPUT);
    const growth = heapAfterGc() - before;
    // The key may hold 8 MiB; a flood that stayed would hold about 240 MiB.
    expect(growth).toBeLessThan(48 * MiB);
    expect(await retrieve('flooding-key-secret', latest)).toBe(200);
    expect(await retrieve('flooding-key-secret', ids[0] ?? '')).toBe(404);
    expect(await retrieve('bystander-key-secret', bystanderId)).toBe(200);
    console.info(`heap growth after ${FLOOD_REQUESTS} x 1 MiB stored requests: ${(growth / MiB).toFixed(1)} MiB`);
  }, 180_000);

  it('refuses up front, in the OpenAI shape, a stored request larger than a stored response may be', async () => {
    const huge = 'x'.repeat(7 * MiB);
    const refused = await create('flooding-key-secret', huge);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      error: { code: 'stored_response_too_large', param: 'store', message: expect.stringContaining('"store": false') },
    });
    const unstored = await create('flooding-key-secret', huge, false);
    expect(unstored.status).toBe(200);
    await unstored.arrayBuffer();
  }, 60_000);
});
