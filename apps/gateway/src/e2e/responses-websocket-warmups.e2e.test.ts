import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_STORE_DEFAULTS } from '../config/responses-schema.js';
import { openOrThrow, type ServerEvent, type TestSocket } from '../websocket/websocket-client.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * `generate: false` warm-ups over the Responses WebSocket mode go through admission like every
 * turn: a disabled key is refused (and its socket closed), each warm-up counts against the key's
 * RPM, a connection's chained conversation stays within `responses.store.maxEntryBytes`, and a
 * connection has at most `responses.websocket.maxWarmupsPerConnection` warm-ups.
 */

const ADMIN = 'admin-secret-for-warmup-tests-01';
const RPM_KEY = 'warmup-rpm-key-00000001';
const MAX_WARMUPS = 40;

let gateway: Harness;

beforeAll(async () => {
  gateway = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
    keys: [
      { name: 'test', secret: GATEWAY_KEY },
      { name: 'rpm', secret: RPM_KEY, rpm: 2 },
    ],
    sections: {
      admin: { secret: ADMIN },
      database: { type: 'sqlite', dir: mkdtempSync(join(tmpdir(), 'interlingua-warmups-')) },
      responses: { websocket: { maxWarmupsPerConnection: MAX_WARMUPS } },
    },
  });
});

afterAll(async () => {
  await gateway.close();
});

function warmUp(input: string, previous?: string): Record<string, unknown> {
  return {
    type: 'response.create',
    model: 'mock',
    store: false,
    generate: false,
    input,
    ...(previous ? { previous_response_id: previous } : {}),
  };
}

/** Sends a message and reads the events up to the one that ends it. */
async function exchange(socket: TestSocket, message: Record<string, unknown>): Promise<ServerEvent[]> {
  socket.send(message);
  return socket.untilEnd();
}

function closed(socket: TestSocket): Promise<number> {
  return new Promise((resolve) => socket.socket.once('close', (code: number) => resolve(code)));
}

async function admin(harness: Harness, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.ok, text).toBe(true);
  return JSON.parse(text) as Record<string, unknown>;
}

describe('Responses WebSocket warm-ups go through admission', () => {
  it('refuses a warm-up once the key is disabled and closes the socket (1008)', async () => {
    const created = await admin(gateway, 'POST', '/admin/keys', { name: 'warmup-disabled' });
    const socket = await openOrThrow(gateway.url, String(created.secret));
    expect((await exchange(socket, warmUp('before'))).at(-1)?.type).toBe('response.completed');
    await admin(gateway, 'POST', `/admin/keys/${String(created.id)}/disable`);
    const close = closed(socket);
    const refused = await exchange(socket, warmUp('after'));
    expect(refused.at(-1)).toMatchObject({ type: 'error', status: 401, error: { code: 'invalid_api_key' } });
    expect(await close).toBe(1008);
  });

  it('counts each warm-up against the key RPM', async () => {
    const socket = await openOrThrow(gateway.url, RPM_KEY);
    const ends: Array<ServerEvent | undefined> = [];
    for (let i = 0; i < 3; i++) ends.push((await exchange(socket, warmUp(`warm ${i}`))).at(-1));
    await socket.close();
    expect(ends.slice(0, 2).map((event) => event?.type)).toEqual(['response.completed', 'response.completed']);
    expect(ends[2]).toMatchObject({ type: 'error', status: 429, error: { code: 'rate_limit_exceeded' } });
    expect(ends[2]?.headers).toMatchObject({ 'retry-after': expect.any(String) });
  });

  it('keeps a flood of chained 512 KB warm-ups within responses.store.maxEntryBytes', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    const piece = 'x'.repeat(512 * 1024);
    let previous: string | undefined;
    let accepted = 0;
    let refusal: ServerEvent | undefined;
    // Twice what the bound allows: before the bound, all of them were kept (10 MiB in one chain).
    for (let i = 0; i < 20 && !refusal; i++) {
      const end = (await exchange(socket, warmUp(piece, previous))).at(-1);
      if (end?.type === 'response.completed') {
        accepted++;
        previous = String((end.response as Record<string, unknown>).id);
      } else refusal = end;
    }
    // The connection stays usable: a fresh warm-up starts a new conversation.
    const fresh = await exchange(socket, warmUp('start again'));
    await socket.close();
    // Seven pieces and their JSON fit in 4 MiB; the eighth would not.
    expect(RESPONSE_STORE_DEFAULTS.maxEntryBytes).toBe(8 * piece.length);
    expect(accepted).toBe(7);
    expect(refusal).toMatchObject({ type: 'error', status: 413, error: { code: 'conversation_too_large' } });
    expect(fresh.at(-1)?.type).toBe('response.completed');
  });

  it('allows at most responses.websocket.maxWarmupsPerConnection warm-ups on one connection', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    const ends: Array<ServerEvent | undefined> = [];
    for (let i = 0; i <= MAX_WARMUPS; i++) ends.push((await exchange(socket, warmUp(`w${i}`))).at(-1));
    const turn = (await exchange(socket, { type: 'response.create', model: 'mock', input: 'a real turn' })).at(-1);
    await socket.close();
    expect(ends.filter((event) => event?.type === 'response.completed')).toHaveLength(MAX_WARMUPS);
    expect(ends.at(-1)).toMatchObject({ type: 'error', status: 429, error: { code: 'warmup_limit_reached' } });
    expect(turn?.type).toBe('response.completed');
  });
});

describe('a disabled key on an idle socket', () => {
  let pinging: Harness;

  beforeAll(async () => {
    pinging = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
      sections: {
        admin: { secret: ADMIN },
        database: { type: 'sqlite', dir: mkdtempSync(join(tmpdir(), 'interlingua-warmups-')) },
        responses: { websocket: { pingIntervalMs: 1_000 } },
      },
    });
  });

  afterAll(async () => {
    await pinging.close();
  });

  it('is closed (1008) at the next ping, without a message from the client', async () => {
    const created = await admin(pinging, 'POST', '/admin/keys', { name: 'idle-disabled' });
    const socket = await openOrThrow(pinging.url, String(created.secret));
    const close = closed(socket);
    await admin(pinging, 'POST', `/admin/keys/${String(created.id)}/disable`);
    expect(await close).toBe(1008);
  });
});
