import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { wireStreamWriter } from './upstream-wires.test-support.js';

/** The bounds under test, short so the suite stays quick. */
const TIMEOUTS = { headersMs: 600, bodyIdleMs: 300, requestMs: 2_500 };
/** Longest a test waits for the gateway to answer a slow client and close (bound + the 2 s drain + slack). */
const ANSWER_WITHIN_MS = 6_000;
/** Events of the slow upstream stream, and the pause between two: the stream outlasts every bound above. */
const STREAM_EVENTS = 8;
const STREAM_PAUSE_MS = 400;

let harness: Harness;

beforeAll(async () => {
  const writer = wireStreamWriter('openai-chat');
  harness = await startHarness(
    async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(writer.head());
      for (let i = 0; i < STREAM_EVENTS; i++) {
        await sleep(STREAM_PAUSE_MS);
        response.write(writer.text(` ${i}`));
      }
      response.end(writer.end());
    },
    { sections: { server: { timeouts: TIMEOUTS } } },
  );
});

afterAll(async () => harness.close());

/** What a raw client saw: everything the gateway sent, and whether it closed the connection. */
interface RawOutcome {
  text: string;
  closed: boolean;
}

async function open(): Promise<Socket> {
  const url = new URL(harness.url);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  return socket;
}

/** Collects what the gateway sends until it closes the connection or `withinMs` passes. */
function collect(socket: Socket, withinMs = ANSWER_WITHIN_MS): Promise<RawOutcome> {
  return new Promise((resolve) => {
    let text = '';
    const finish = (closed: boolean): void => {
      clearTimeout(timer);
      resolve({ text, closed });
    };
    const timer = setTimeout(() => finish(false), withinMs);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.once('close', () => finish(true));
  });
}

/** Writes `bytes` one at a time with `pauseMs` between them, while the socket is open. */
async function trickle(socket: Socket, bytes: string, pauseMs: number): Promise<void> {
  for (const byte of bytes) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(byte);
    await sleep(pauseMs);
  }
}

const chatBody = JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'Hello there' }] });

function chatHead(body: string, path = '/v1/chat/completions', auth = `Authorization: Bearer ${GATEWAY_KEY}`): string {
  return `POST ${path} HTTP/1.1\r\nHost: gateway\r\n${auth}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
}

function statusOf(outcome: RawOutcome): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(outcome.text)?.[1] ?? 0);
}

function jsonOf(outcome: RawOutcome): unknown {
  return JSON.parse(outcome.text.slice(outcome.text.indexOf('\r\n\r\n') + 4));
}

describe('a client that sends its request too slowly', () => {
  it('a body trickled one byte per 500 ms (bodyIdleMs 300) gets a 408 in the caller style and its connection is closed', async () => {
    const socket = await open();
    const outcome = collect(socket);
    socket.write(chatHead(chatBody) + chatBody.slice(0, 10));
    void trickle(socket, chatBody.slice(10), 500);
    const seen = await outcome;
    socket.destroy();
    expect(statusOf(seen), seen.text).toBe(408);
    expect(seen.text.toLowerCase()).toContain('connection: close');
    expect(jsonOf(seen)).toMatchObject({
      error: { code: 'request_timeout', message: expect.stringContaining('server.timeouts.bodyIdleMs') },
    });
    expect(seen.closed).toBe(true);
  });

  it('an Anthropic caller gets the 408 in its own error shape', async () => {
    const body = JSON.stringify({
      model: 'mock',
      max_tokens: 20,
      messages: [{ role: 'user', content: 'Hello there' }],
    });
    const socket = await open();
    const outcome = collect(socket);
    socket.write(
      chatHead(body, '/v1/messages', `x-api-key: ${GATEWAY_KEY}\r\nanthropic-version: 2023-06-01`) + body.slice(0, 5),
    );
    const seen = await outcome;
    socket.destroy();
    expect(statusOf(seen)).toBe(408);
    expect(jsonOf(seen)).toMatchObject({
      type: 'error',
      error: { message: expect.stringContaining('server.timeouts.bodyIdleMs') },
    });
    expect(seen.closed).toBe(true);
  });

  it('a multipart upload that stops half way is refused the same way', async () => {
    const boundary = 'slowboundary';
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nmock\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF`;
    const socket = await open();
    const outcome = collect(socket);
    socket.write(
      `POST /v1/audio/transcriptions HTTP/1.1\r\nHost: gateway\r\nAuthorization: Bearer ${GATEWAY_KEY}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 4096\r\n\r\n${form}`,
    );
    const seen = await outcome;
    socket.destroy();
    expect(statusOf(seen)).toBe(408);
    expect(seen.closed).toBe(true);
  });

  it('a body whose bytes keep coming within bodyIdleMs is cut at requestMs', async () => {
    const padded = JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'x'.repeat(200) }] });
    const socket = await open();
    const outcome = collect(socket);
    const started = Date.now();
    socket.write(chatHead(padded));
    void trickle(socket, padded, 100);
    const seen = await outcome;
    socket.destroy();
    expect(statusOf(seen), seen.text).toBe(408);
    expect(jsonOf(seen)).toMatchObject({ error: { message: expect.stringContaining('server.timeouts.requestMs') } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUTS.requestMs);
  });

  it('headers trickled past headersMs get a 408 and the connection closes', async () => {
    const socket = await open();
    const outcome = collect(socket);
    void trickle(socket, chatHead(chatBody), 100);
    const seen = await outcome;
    socket.destroy();
    expect(statusOf(seen)).toBe(408);
    expect(seen.closed).toBe(true);
  });
});

describe('what the bounds leave alone', () => {
  it('a slow upload whose pauses stay under bodyIdleMs (12 of them, longer than bodyIdleMs in all) is answered whole', async () => {
    const socket = await open();
    const outcome = collect(socket);
    socket.write(chatHead(chatBody));
    await trickle(socket, chatBody.slice(0, 12), 150);
    socket.write(chatBody.slice(12));
    await sleep(200);
    socket.end();
    const seen = await outcome;
    expect(statusOf(seen), seen.text).toBe(200);
    // The mock echoes the last user text: the answer says the whole trickled body was read.
    expect(jsonOf(seen)).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'You said: Hello there' }, finish_reason: 'stop' }],
    });
  });

  it('a streamed answer outlasting every bound, with pauses longer than bodyIdleMs, is not cut', async () => {
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'up/m', stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(` ${STREAM_EVENTS - 1}`);
    expect(text).toContain('data: [DONE]');
  });

  it('a keep-alive connection serves a second request after the first one', async () => {
    const socket = await open();
    const outcome = collect(socket, 3_000);
    socket.write(chatHead(chatBody) + chatBody);
    await sleep(TIMEOUTS.bodyIdleMs + 200);
    socket.write(chatHead(chatBody) + chatBody);
    await sleep(300);
    socket.end();
    const seen = await outcome;
    expect(seen.text.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
  });
});
