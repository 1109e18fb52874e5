import type { ServerResponse } from 'node:http';
import { connect } from 'node:net';
import OpenAI from 'openai';
import { ResponsesWS } from 'openai/resources/responses/ws';
import type { ResponsesServerEvent } from 'openai/resources/responses/responses';
import { listRecordings, startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deltaText,
  finalResponse,
  isOpen,
  openOrThrow,
  openResponsesSocket,
  type ServerEvent,
} from '../websocket/websocket-client.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { startReplayGateway, type ReplayCase } from './recorded-replay.test-support.js';
import { providerForWire, readWireRequest, UPSTREAM_WIRES, wireStreamWriter } from './upstream-wires.test-support.js';

const RPM_KEY = 'websocket-rpm-key-0001';
const ONE_SOCKET_KEY = 'websocket-one-socket-key';

/** One streamed text recording per upstream wire: the answer every caller must see over the socket. */
const TEXT_REPLAYS: ReplayCase[] = UPSTREAM_WIRES.map((wire) => {
  const index = listRecordings(wire).findIndex(
    (r) =>
      r.streaming &&
      r.http_status === 200 &&
      typeof r.expect.text === 'string' &&
      JSON.stringify(r.expect.tool_calls ?? []) === '[]' &&
      r.expect.finish_reason !== 'length' &&
      r.expect.stop_reason !== 'max_tokens',
  );
  const recording = listRecordings(wire)[index];
  if (!recording) throw new Error(`no streamed text recording for ${wire}`);
  return { wire, model: `${wire}/rec-${index}`, recording };
});

let replay: Harness;
let gateway: Harness;
/** The conversation upstreams (OpenAI chat and Responses wires): each request they got, as JSON. */
const seen: Array<Record<string, unknown>> = [];
const closeLater: Array<() => Promise<void>> = [];

/** Answers "Hi heard: <last user text>"; `hold` starts an answer and keeps it open until the gateway leaves. */
async function conversationUpstream(upstream: LoopbackUpstream): Promise<void> {
  upstream.setHandler(async (request, response: ServerResponse) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') return void response.writeHead(400).end(read);
    const body = read.body;
    seen.push(body);
    const writer = wireStreamWriter(read.wire);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(writer.head());
    if (read.model === 'hold') return void (await new Promise((resolve) => response.once('close', resolve)));
    const turns = (read.wire === 'openai-responses' ? body.input : body.messages) as Array<{
      role: string;
      content: unknown;
    }>;
    const lastUser = [...turns].reverse().find((m) => m.role === 'user');
    response.end(writer.text(` heard: ${JSON.stringify(lastUser?.content)}`) + writer.end());
  });
}

beforeAll(async () => {
  replay = await startReplayGateway();
  const responsesUpstream = await startLoopbackUpstream(() => undefined);
  await conversationUpstream(responsesUpstream);
  closeLater.push(() => responsesUpstream.close());
  const upstreamUrl = responsesUpstream.url;
  gateway = await startHarness(() => undefined, {
    keys: [
      { name: 'test', secret: GATEWAY_KEY },
      { name: 'rpm', secret: RPM_KEY, rpm: 1 },
      { name: 'one-socket', secret: ONE_SOCKET_KEY },
    ],
    sections: { responses: { websocket: { maxConnectionsPerKey: 1 } } },
    providers: [providerForWire('openai-responses', 'responses-upstream', `${upstreamUrl}`)],
    models: [{ name: 'resp/*', targets: [{ provider: 'responses-upstream' }] }],
  });
  await conversationUpstream(gateway.upstream);
});

afterAll(async () => {
  await replay.close();
  await gateway.close();
  for (const close of closeLater) await close();
});

/** The events of one streamed `POST /v1/responses` over HTTP, for comparison. */
async function httpEvents(baseUrl: string, body: Record<string, unknown>): Promise<ServerEvent[]> {
  const response = await fetch(`${baseUrl}/v1/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream: true }),
  });
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as ServerEvent);
}

/** Runs one response through the official SDK's WebSocket client and collects its events. */
async function viaSdk(baseUrl: string, model: string): Promise<ResponsesServerEvent[]> {
  const client = new OpenAI({ apiKey: GATEWAY_KEY, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
  const socket = new ResponsesWS(client);
  const events: ResponsesServerEvent[] = [];
  try {
    return await new Promise((resolve, reject) => {
      socket.on('event', (event) => {
        events.push(event);
        if (
          event.type === 'response.completed' ||
          event.type === 'response.failed' ||
          event.type === 'response.incomplete'
        )
          resolve(events);
      });
      socket.on('error', (error) => reject(error));
      socket.send({ type: 'response.create', model, input: 'Say hello.' });
    });
  } finally {
    socket.close();
  }
}

describe('Responses over WebSocket, text from every upstream', () => {
  it.each(TEXT_REPLAYS.map((c) => [c.wire, c] as const))(
    'the openai SDK (ResponsesWS) streams the recorded %s answer',
    async (_wire, replayCase) => {
      const events = await viaSdk(replay.url, replayCase.model);
      const deltas = events.flatMap((event) => (event.type === 'response.output_text.delta' ? [event.delta] : []));
      expect(deltas.join('')).toBe(replayCase.recording.expect.text);
      const last = events.at(-1);
      expect(last?.type).toBe('response.completed');
      // The same events as the SSE stream of the same request over HTTP.
      const overHttp = await httpEvents(replay.url, { model: replayCase.model, input: 'Say hello.' });
      expect(events.map((event) => event.type)).toEqual(overHttp.map((event) => event.type));
    },
  );

  it('the mock provider answers over the socket as over HTTP', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    socket.send({ type: 'response.create', model: 'mock', input: 'Hello' });
    const events = await socket.untilEnd();
    await socket.close();
    const overHttp = await httpEvents(gateway.url, { model: 'mock', input: 'Hello' });
    expect(deltaText(events)).toBe(deltaText(overHttp));
    expect(deltaText(events).length).toBeGreaterThan(0);
    expect(events.map((e) => e.type)).toEqual(overHttp.map((e) => e.type));
  });
});

describe('several responses on one connection', () => {
  const userTexts = (body: Record<string, unknown>): string[] =>
    (body.messages as Array<{ role: string; content: unknown }>)
      .filter((m) => m.role !== 'system')
      .map((m) => `${m.role}:${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`);

  it.each([
    ['stored by the gateway (store: true)', true],
    ['kept by the connection (store: false)', false],
  ] as const)('the second continues the first with previous_response_id, %s', async (_name, store) => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    socket.send({ type: 'response.create', model: 'up/chat', store, input: 'first question' });
    const first = finalResponse(await socket.untilEnd());
    socket.send({ type: 'response.processed', response_id: first.id });
    socket.send({
      type: 'response.create',
      model: 'up/chat',
      store,
      previous_response_id: first.id,
      input: [{ type: 'message', role: 'user', content: 'second question' }],
    });
    const secondEvents = await socket.untilEnd();
    await socket.close();
    expect(finalResponse(secondEvents).previous_response_id ?? first.id).toBe(first.id);
    const upstreamTurn = userTexts(seen.at(-1) ?? {});
    expect(upstreamTurn[0]).toBe('user:first question');
    expect(upstreamTurn[1]).toMatch(/^assistant:.*heard: \\?"first question/);
    expect(upstreamTurn.at(-1)).toBe('user:second question');
    expect(deltaText(secondEvents)).toContain('second question');
  });

  it('store: false to an OpenAI Responses upstream (the fast path): the second turn goes up as the whole conversation, without an id it cannot know', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    socket.send({ type: 'response.create', model: 'resp/gpt', store: false, input: 'first question' });
    const first = finalResponse(await socket.untilEnd());
    socket.send({
      type: 'response.create',
      model: 'resp/gpt',
      store: false,
      previous_response_id: first.id,
      input: 'second question',
    });
    const secondEvents = await socket.untilEnd();
    await socket.close();
    const sent = seen.at(-1) ?? {};
    expect(sent.previous_response_id).toBeUndefined();
    const items = sent.input as Array<Record<string, unknown>>;
    expect(items.map((item) => item.role)).toEqual(['user', 'assistant', 'user']);
    expect(items.every((item) => item.id === undefined)).toBe(true);
    expect(JSON.stringify(items[1])).toContain('heard:');
    expect(deltaText(secondEvents)).toContain('second question');
  });

  it('a generate: false warm-up answers at once and the next turn continues from its input', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    const before = seen.length;
    socket.send({ type: 'response.create', model: 'up/chat', store: false, generate: false, input: 'warm context' });
    const warm = finalResponse(await socket.untilEnd());
    expect(seen.length).toBe(before);
    socket.send({
      type: 'response.create',
      model: 'up/chat',
      store: false,
      previous_response_id: warm.id,
      input: 'now answer',
    });
    await socket.untilEnd();
    await socket.close();
    expect(userTexts(seen.at(-1) ?? {})).toEqual(['user:warm context', 'user:now answer']);
  });

  it('a response.create while one runs gets an error event; the running one still completes', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    socket.send({ type: 'response.create', model: 'up/chat', input: 'one' });
    socket.send({ type: 'response.create', model: 'up/chat', input: 'two' });
    const events = await socket.untilEnd();
    const refused = events.find((e) => e.type === 'error');
    const rest = refused ? await socket.untilEnd() : [];
    await socket.close();
    expect(refused).toMatchObject({ status: 409, error: { code: 'response_already_in_flight' } });
    expect([...events, ...rest].at(-1)?.type).toBe('response.completed');
  });
});

describe('refused upgrades and bad messages', () => {
  it.each([
    ['a wrong key', 'not-a-key', 401, 'invalid_api_key'],
    ['no key', undefined, 401, 'missing_api_key'],
  ] as const)('%s: the upgrade is refused with %i in the OpenAI error shape', async (_name, key, status, code) => {
    const result = await openResponsesSocket(gateway.url, key);
    expect(isOpen(result)).toBe(false);
    if (isOpen(result)) return;
    expect(result.status).toBe(status);
    expect(JSON.parse(result.body)).toMatchObject({ error: { code } });
  });

  it('clients that reset the connection during refused and accepted upgrades leave the gateway serving', async () => {
    const resets = [undefined, GATEWAY_KEY].map(
      (key) =>
        new Promise<void>((resolve) => {
          const url = new URL(gateway.url);
          const raw = connect(Number(url.port), url.hostname, () => {
            const auth = key ? `authorization: Bearer ${key}\r\n` : '';
            raw.write(
              `GET /v1/responses HTTP/1.1\r\nhost: ${url.host}\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n${auth}\r\n`,
            );
            raw.resetAndDestroy();
          });
          raw.on('close', () => resolve());
          raw.on('error', () => undefined);
        }),
    );
    await Promise.all(resets);
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    socket.send({ type: 'response.create', model: 'mock', input: 'still here' });
    expect((await socket.untilEnd()).at(-1)?.type).toBe('response.completed');
    await socket.close();
  });

  it('an upgrade on another path is refused with 404', async () => {
    const result = await openResponsesSocket(gateway.url, GATEWAY_KEY, '/v1/chat/completions');
    expect(isOpen(result) ? 101 : result.status).toBe(404);
  });

  it('a key at its most connections is refused with 429 until one closes', async () => {
    const first = await openOrThrow(gateway.url, ONE_SOCKET_KEY);
    const second = await openResponsesSocket(gateway.url, ONE_SOCKET_KEY);
    expect(isOpen(second) ? 101 : second.status).toBe(429);
    expect(isOpen(second) ? '' : JSON.parse(second.body).error.code).toBe('websocket_connection_limit_reached');
    await first.close();
    const third = await openOrThrow(gateway.url, ONE_SOCKET_KEY);
    await third.close();
  });

  it.each([
    ['text that is not JSON', '{"type": "response.create",', 'invalid_json'],
    ['a JSON array', '[1, 2]', 'invalid_event'],
    ['an unknown event type', JSON.stringify({ type: 'session.update' }), 'unknown_event_type'],
    [
      'background: true',
      JSON.stringify({ type: 'response.create', model: 'mock', input: 'x', background: true }),
      'unsupported_parameter',
    ],
  ])('%s gets an error event naming the problem, and the connection goes on', async (_name, message, code) => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    socket.send(message);
    const [error] = await socket.untilEnd();
    expect(error).toMatchObject({ type: 'error', status: 400, error: { type: 'invalid_request_error', code } });
    socket.send({ type: 'response.create', model: 'mock', input: 'Hello' });
    expect((await socket.untilEnd()).at(-1)?.type).toBe('response.completed');
    await socket.close();
  });

  it('a binary frame gets an error event', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    socket.socket.send(Buffer.from('{}'), { binary: true });
    expect(await socket.next()).toMatchObject({ type: 'error', error: { code: 'unsupported_frame' } });
    await socket.close();
  });

  it('a response.create the HTTP endpoint would refuse gets its status and error in an error event', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    socket.send({ type: 'response.create', input: 'no model' });
    const [error] = await socket.untilEnd();
    await socket.close();
    expect(error).toMatchObject({ type: 'error', status: 400, error: { param: 'model' } });
  });

  it('a message over the body limit gets a 413 error event; far over it, or not UTF-8, closes the connection and nothing else', async () => {
    const small = await startHarness(() => undefined, { sections: { limits: { maxBodyBytes: { responses: 2048 } } } });
    try {
      const socket = await openOrThrow(small.url, GATEWAY_KEY);
      socket.send({ type: 'response.create', model: 'mock', input: 'x'.repeat(3000) });
      expect(await socket.next()).toMatchObject({ type: 'error', status: 413, error: { code: 'message_too_large' } });
      await socket.close();
      // Far past the limit (twice it) the message is not read at all: the connection closes with 1009.
      const flooding = await openOrThrow(small.url, GATEWAY_KEY);
      const closed = new Promise<number>((resolve) => flooding.socket.once('close', (code: number) => resolve(code)));
      flooding.send({ type: 'response.create', model: 'mock', input: 'x'.repeat(10_000) });
      expect(await closed).toBe(1009);
      // Text that is not UTF-8 breaks the protocol: 1007.
      const garbled = await openOrThrow(small.url, GATEWAY_KEY);
      const garbledClosed = new Promise<number>((resolve) =>
        garbled.socket.once('close', (code: number) => resolve(code)),
      );
      garbled.socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
      expect(await garbledClosed).toBe(1007);
      const healthy = await openOrThrow(small.url, GATEWAY_KEY);
      healthy.send({ type: 'response.create', model: 'mock', input: 'fine' });
      expect((await healthy.untilEnd()).at(-1)?.type).toBe('response.completed');
      await healthy.close();
    } finally {
      await small.close();
    }
  });
});

describe('limits and disconnects', () => {
  it('a key over its RPM gets a 429 error event with retry-after, as over HTTP', async () => {
    const socket = await openOrThrow(gateway.url, RPM_KEY);
    socket.send({ type: 'response.create', model: 'mock', input: 'one' });
    expect((await socket.untilEnd()).at(-1)?.type).toBe('response.completed');
    socket.send({ type: 'response.create', model: 'mock', input: 'two' });
    const [error] = await socket.untilEnd();
    await socket.close();
    expect(error).toMatchObject({
      type: 'error',
      status: 429,
      error: { code: 'rate_limit_exceeded' },
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });
  });

  it('closing the socket mid-response aborts the upstream request', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    const aborted = gateway.upstream.nextAbort();
    socket.send({ type: 'response.create', model: 'up/hold', input: 'wait' });
    for (let event = await socket.next(); event.type !== 'response.output_text.delta'; event = await socket.next());
    await socket.close();
    await aborted;
    expect(gateway.upstream.abortedCount).toBeGreaterThan(0);
  });

  it('on shutdown a new turn gets a 503 error event while running ones finish, then connections close with 1001', async () => {
    const own = await startHarness(() => undefined);
    await conversationUpstream(own.upstream);
    try {
      const running = await openOrThrow(own.url, GATEWAY_KEY);
      const idle = await openOrThrow(own.url, GATEWAY_KEY);
      const closeCodes = [running, idle].map(
        (client) => new Promise<number>((resolve) => client.socket.once('close', (code: number) => resolve(code))),
      );
      running.send({ type: 'response.create', model: 'up/hold', input: 'wait' });
      for (let event = await running.next(); event.type !== 'response.output_text.delta'; event = await running.next());
      const stopped = own.gateway.shutdown(300);
      idle.send({ type: 'response.create', model: 'mock', input: 'too late' });
      expect(await idle.next()).toMatchObject({ type: 'error', status: 503 });
      await stopped;
      expect(await Promise.all(closeCodes)).toEqual([1001, 1001]);
    } finally {
      await own.close();
    }
  });

  it('with responses.websocket.enabled: false the upgrade gets the 426 that sends clients to HTTP', async () => {
    const off = await startHarness(() => undefined, { sections: { responses: { websocket: { enabled: false } } } });
    try {
      const result = await openResponsesSocket(off.url, GATEWAY_KEY);
      expect(isOpen(result) ? 101 : result.status).toBe(426);
    } finally {
      await off.close();
    }
  });
});
