import type { IncomingMessage } from 'node:http';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalResponse, openOrThrow } from '../websocket/websocket-client.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { readWireRequest, wireStreamWriter } from './upstream-wires.test-support.js';

let harness: Harness;

beforeAll(async () => {
  // `up/*` goes to an OpenAI chat upstream: a Responses caller's turns are translated.
  harness = await startHarness((request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') return void response.writeHead(400).end(read);
    const writer = wireStreamWriter(read.wire);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(writer.head() + writer.text('translated') + writer.end());
  });
});

afterAll(async () => {
  await harness.close();
});

const TURN = {
  type: 'response.create',
  model: 'up/model',
  input: 'hello',
  reasoning: { effort: 'low', summary: 'auto' },
};

describe('a Responses WebSocket turn runs on the generation path itself', () => {
  it('no request reaches the gateway HTTP listener while a turn runs', async () => {
    const requests: string[] = [];
    const count = (request: IncomingMessage): void => void requests.push(`${request.method} ${request.url}`);
    harness.gateway.server.on('request', count);
    const socket = await openOrThrow(harness.url, GATEWAY_KEY);
    try {
      socket.send(TURN);
      const events = await socket.untilEnd();
      expect(finalResponse(events).status).toBe('completed');
      expect(requests).toEqual([]);
    } finally {
      harness.gateway.server.off('request', count);
      await socket.close();
    }
  });

  it('what HTTP names in x-interlingua-warnings comes in interlingua_warnings of response.created and response.completed, the event sequence unchanged', async () => {
    const client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
    const { type: _type, ...body } = TURN;
    const { response } = await client.responses.create({ ...body, stream: true } as never).withResponse();
    const header = response.headers.get('x-interlingua-warnings') ?? '';
    expect(header).toContain('reasoning.summary');

    const socket = await openOrThrow(harness.url, GATEWAY_KEY);
    try {
      socket.send(TURN);
      const events = await socket.untilEnd();
      const created = events.find((event) => event.type === 'response.created');
      expect((created?.response as Record<string, unknown>).interlingua_warnings).toBe(header);
      expect(finalResponse(events).interlingua_warnings).toBe(header);
      expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
      expect(events.every((event) => !event.type.startsWith('interlingua'))).toBe(true);
    } finally {
      await socket.close();
    }
  });

  it('a turn without warnings carries no warnings field', async () => {
    const socket = await openOrThrow(harness.url, GATEWAY_KEY);
    try {
      socket.send({ type: 'response.create', model: 'up/model', input: 'hello' });
      const events = await socket.untilEnd();
      expect(finalResponse(events)).not.toHaveProperty('interlingua_warnings');
    } finally {
      await socket.close();
    }
  });
});
