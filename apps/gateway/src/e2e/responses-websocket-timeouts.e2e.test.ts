import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { finalResponse, isOpen, openOrThrow, openResponsesSocket } from '../websocket/websocket-client.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { wireStreamWriter } from './upstream-wires.test-support.js';

/** Longest a test waits for the gateway to close a socket before calling it a failure. */
const CLOSE_BOUND_MS = 5_000;

const harnesses: Harness[] = [];

afterEach(async () => {
  for (const harness of harnesses.splice(0)) await harness.close();
});

/** A gateway whose key and instance hold one WebSocket connection each, with the given timeouts. */
async function gatewayWith(websocket: { idleTimeoutMs: number; pingIntervalMs: number }): Promise<Harness> {
  const harness = await startHarness(
    async (_request, response) => {
      // A slow model: its answer takes longer than the idle timeout of the tests.
      const writer = wireStreamWriter('openai-chat');
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(writer.head());
      await sleep(700);
      response.end(writer.text('slow answer') + writer.end());
    },
    { sections: { responses: { websocket: { maxConnectionsPerKey: 1, maxConnections: 1, ...websocket } } } },
  );
  harnesses.push(harness);
  return harness;
}

/** A raw client; `autoPong: false` makes it one that never answers the gateway's pings. */
function rawClient(harness: Harness, autoPong: boolean): Promise<WebSocket> {
  const socket = new WebSocket(`${harness.url.replace(/^http/, 'ws')}/v1/responses`, {
    headers: { authorization: `Bearer ${GATEWAY_KEY}` },
    autoPong,
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The close code and reason the client read, or a failure when the gateway never closed the socket. */
function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const bound = setTimeout(
      () => reject(new Error(`the gateway did not close the socket within ${CLOSE_BOUND_MS} ms`)),
      CLOSE_BOUND_MS,
    );
    socket.once('close', (code: number, reason: Buffer) => {
      clearTimeout(bound);
      resolve({ code, reason: reason.toString('utf8') });
    });
  });
}

/** The connection slots are free again: a new connection of the same key opens (the limit is one). */
async function expectSlotFree(harness: Harness): Promise<void> {
  const again = await openResponsesSocket(harness.url, GATEWAY_KEY);
  expect(isOpen(again)).toBe(true);
  if (isOpen(again)) await again.close();
}

describe('Responses WebSocket time bounds', () => {
  it('a silent client is closed after the idle timeout with 1000 "idle timeout", and its slot is freed', async () => {
    const harness = await gatewayWith({ idleTimeoutMs: 300, pingIntervalMs: 0 });
    const socket = await rawClient(harness, true);
    expect(await closed(socket)).toEqual({ code: 1000, reason: 'idle timeout' });
    await expectSlotFree(harness);
  });

  it('a client that does not answer pings is closed with 1001 "ping timeout", and its slot is freed', async () => {
    const harness = await gatewayWith({ idleTimeoutMs: 0, pingIntervalMs: 150 });
    const socket = await rawClient(harness, false);
    expect(await closed(socket)).toEqual({ code: 1001, reason: 'ping timeout' });
    await expectSlotFree(harness);
  });

  it('a client that answers pings stays open; a response longer than the idle timeout is not cut', async () => {
    const harness = await gatewayWith({ idleTimeoutMs: 300, pingIntervalMs: 100 });
    const socket = await openOrThrow(harness.url, GATEWAY_KEY);
    let pings = 0;
    socket.socket.on('ping', () => pings++);
    socket.send({ type: 'response.create', model: 'up/slow', input: 'take your time' });
    const response = finalResponse(await socket.untilEnd());
    expect(response.status).toBe('completed');
    expect(pings).toBeGreaterThan(1);
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    // Once the response is over the idle time starts again.
    expect(await closed(socket.socket)).toEqual({ code: 1000, reason: 'idle timeout' });
  });

  it('with both off, an idle connection stays open', async () => {
    const harness = await gatewayWith({ idleTimeoutMs: 0, pingIntervalMs: 0 });
    const socket = await rawClient(harness, false);
    await sleep(500);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
});
