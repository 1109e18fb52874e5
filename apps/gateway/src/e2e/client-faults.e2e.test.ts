import type { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { INBOUND_MODES, isStreaming, sendInbound, type InboundMode } from './inbound-callers.test-support.js';
import {
  expectNoOpenSockets,
  providerForWire,
  readWireRequest,
  UPSTREAM_WIRES,
  wireStreamWriter,
} from './upstream-wires.test-support.js';

/** What the flooding upstream would write if nothing held it back: far more than every buffer on the way. */
const FLOOD_BYTES = 128 * 1024 * 1024;
const FLOOD_DELTA = 'x'.repeat(64 * 1024);
/** The upstream a mode is translated to (every wire is the far side of some style). */
const TRANSLATED_TO: Record<InboundMode['style'], GenerationStyle> = {
  'openai-chat': 'anthropic-messages',
  'openai-responses': 'gemini',
  'anthropic-messages': 'openai-chat',
  gemini: 'openai-responses',
};

/** What the flooding upstream did: bytes written, and whether it is waiting for `drain`. */
interface Flood {
  written: number;
  waiting: boolean;
  finished: boolean;
}

let harness: Harness;
let upstream: LoopbackUpstream;
let flood: Flood = { written: 0, waiting: false, finished: false };
const violations: string[] = [];

function drainOrClose(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** Writes text deltas as fast as the gateway takes them, honouring backpressure, up to FLOOD_BYTES. */
async function writeFlood(response: ServerResponse, writer: ReturnType<typeof wireStreamWriter>): Promise<void> {
  const state: Flood = { written: 0, waiting: false, finished: false };
  flood = state;
  const piece = writer.text(FLOOD_DELTA);
  while (state.written < FLOOD_BYTES && !response.destroyed) {
    const more = response.write(piece);
    state.written += piece.length;
    if (more) continue;
    state.waiting = true;
    await drainOrClose(response);
    state.waiting = false;
  }
  if (response.destroyed) return;
  response.end(writer.end());
  state.finished = true;
}

beforeAll(async () => {
  upstream = await startLoopbackUpstream(async (request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') {
      violations.push(read);
      response.writeHead(400).end();
      return;
    }
    const writer = wireStreamWriter(read.wire);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(writer.head());
    if (read.model === 'flood') return writeFlood(response, writer);
    // `hold`: the answer has started and goes on for as long as the client stays.
    await new Promise((resolve) => response.once('close', resolve));
  });
  const providers = UPSTREAM_WIRES.map((wire) => providerForWire(wire, wire, upstream.url));
  harness = await startHarness(() => undefined, {
    providers,
    models: UPSTREAM_WIRES.map((wire) => ({ name: `${wire}/*`, targets: [{ provider: wire }] })),
  });
});

afterAll(async () => {
  await harness.close();
  await upstream.close();
});

describe('a client that disconnects mid-stream', () => {
  const cases = INBOUND_MODES.filter(isStreaming).flatMap((mode) =>
    [mode.style, TRANSLATED_TO[mode.style]].map((wire) => [`${mode.id} caller, ${wire} upstream`, mode, wire] as const),
  );

  it.each(cases)('%s: the upstream request is aborted', async (_name, mode, wire) => {
    const aborted = upstream.nextAbort();
    const controller = new AbortController();
    const response = await sendInbound(harness.url, mode, `${wire}/hold`, { signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    controller.abort();
    await aborted;
    await expectNoOpenSockets(upstream);
    expect(violations).toEqual([]);
  });
});

/** A raw HTTP/1.1 client that sends a streamed chat request and reads until the answer's first bytes. */
async function openRawStream(model: string): Promise<Socket> {
  const url = new URL(harness.url);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  const body = JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'Hello' }] });
  socket.write(
    `POST /v1/chat/completions HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${GATEWAY_KEY}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const [head] = (await once(socket, 'data')) as [Buffer];
  expect(head.toString('latin1')).toMatch(/^HTTP\/1\.1 200 /);
  return socket;
}

/**
 * Waits until the flooding upstream has been blocked on `drain` with nothing written for a few
 * checks in a row (or has written everything, which the test then reports).
 */
async function untilFloodSettles(): Promise<void> {
  let still = 0;
  let last = -1;
  for (let check = 0; check < 200 && still < 3 && !flood.finished; check++) {
    await sleep(100);
    still = flood.waiting && flood.written === last ? still + 1 : 0;
    last = flood.written;
  }
}

describe('a client that stops reading', () => {
  it.each([
    ['same style (relayed as bytes)', 'openai-chat'],
    ['translated', 'anthropic-messages'],
  ] as const)('%s: holds the upstream back instead of buffering its answer', async (_name, wire) => {
    const socket = await openRawStream(`${wire}/flood`);
    socket.pause();
    await untilFloodSettles();
    expect(flood.finished).toBe(false);
    expect(flood.waiting).toBe(true);
    expect(flood.written).toBeLessThan(FLOOD_BYTES / 2);
    const aborted = upstream.nextAbort();
    socket.destroy();
    await aborted;
    await expectNoOpenSockets(upstream);
  });
});
