import OpenAI from 'openai';
import { ResponsesWS } from 'openai/resources/responses/ws';
import { startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  finalResponse,
  openOrThrow,
  type ServerEvent,
  type TestSocket,
} from '../websocket/websocket-client.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { providerForWire, readWireRequest, wireStreamWriter } from './upstream-wires.test-support.js';

/**
 * Continuations a Responses WebSocket connection cannot make, as the OpenResponses specification
 * has them: a `previous_response_id` neither the connection nor the gateway's store holds is
 * refused with `previous_response_not_found`; a failed turn evicts the response it continued
 * from the connection; a new connection does not hold a `store: false` chain of an old one.
 */

let gateway: Harness;
let upstream: LoopbackUpstream;
/** Each request the translated upstreams got. */
let upstreamCalls = 0;

/** The models the behaviours are checked on: the mock, and upstreams reached through translation. */
const MODELS = ['mock', 'chat/gpt-4.1', 'claude/claude-sonnet-4-5'] as const;

beforeAll(async () => {
  upstream = await startLoopbackUpstream((request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') return void response.writeHead(400).end(read);
    upstreamCalls++;
    const writer = wireStreamWriter(read.wire);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(writer.head() + writer.text('OK.') + writer.end());
  });
  gateway = await startHarness(() => undefined, {
    providers: [
      providerForWire('openai-chat', 'chat-upstream', upstream.url),
      providerForWire('anthropic-messages', 'claude-upstream', upstream.url),
    ],
    models: [
      { name: 'chat/*', targets: [{ provider: 'chat-upstream' }] },
      { name: 'claude/*', targets: [{ provider: 'claude-upstream' }], defaultMaxOutputTokens: 256 },
    ],
  });
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

function create(model: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { type: 'response.create', model, store: false, ...fields };
}

async function turn(socket: TestSocket, message: Record<string, unknown>): Promise<ServerEvent[]> {
  socket.send(message);
  return socket.untilEnd();
}

/** The error event the OpenAI WebSocket mode sends when a previous response cannot be continued. */
function previousNotFound(id: string): unknown {
  return expect.objectContaining({
    type: 'error',
    status: 400,
    error: expect.objectContaining({
      type: 'invalid_request_error',
      code: 'previous_response_not_found',
      param: 'previous_response_id',
      message: expect.stringContaining(id),
    }),
    code: 'previous_response_not_found',
  });
}

describe.each(MODELS)('continuations the connection cannot make, on %s', (model) => {
  it('a previous_response_id nothing holds gets previous_response_not_found, and the connection serves on', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    const before = upstreamCalls;
    for (const missing of [`resp_openresponses_missing_${Date.now()}`, 'resp_ilg_00000000000000000000000000000000']) {
      const events = await turn(socket, create(model, { previous_response_id: missing, input: 'This should fail.' }));
      expect(events).toEqual([previousNotFound(missing)]);
    }
    expect(upstreamCalls).toBe(before);
    expect(finalResponse(await turn(socket, create(model, { input: 'Start again.' }))).status).toBe('completed');
    await socket.close();
  });

  it('a failed continuation evicts the response it continued: continuing from it again is previous_response_not_found', async () => {
    const socket = await openOrThrow(gateway.url, GATEWAY_KEY);
    const first = finalResponse(
      await turn(socket, create(model, { input: 'Remember the code word: ember. Reply with OK.' })),
    );
    const orphan = {
      type: 'function_call_output',
      call_id: 'call_never_made',
      output: 'No matching tool call exists.',
    };
    const failed = await turn(socket, create(model, { previous_response_id: first.id, input: [orphan] }));
    expect(failed).toEqual([
      expect.objectContaining({
        type: 'error',
        status: 400,
        error: expect.objectContaining({
          type: 'invalid_request_error',
          param: 'input',
          message: expect.stringContaining('call_never_made'),
        }),
      }),
    ]);
    const retry = await turn(
      socket,
      create(model, { previous_response_id: first.id, input: 'Reply with exactly: stale' }),
    );
    expect(retry).toEqual([previousNotFound(String(first.id))]);
    await socket.close();
  });

  it('after a reconnect a store: false chain is previous_response_not_found; a new response without it completes', async () => {
    const first = await openOrThrow(gateway.url, GATEWAY_KEY);
    const seed = finalResponse(
      await turn(first, create(model, { input: 'Remember the code word: copper. Reply with OK.' })),
    );
    await first.close();
    const second = await openOrThrow(gateway.url, GATEWAY_KEY);
    expect(
      await turn(second, create(model, { previous_response_id: seed.id, input: 'Reply with exactly: reconnected' })),
    ).toEqual([previousNotFound(String(seed.id))]);
    const recovered = finalResponse(
      await turn(
        second,
        create(model, {
          input: [{ type: 'message', role: 'user', content: 'Start a new response. Reply with exactly: recovered' }],
        }),
      ),
    );
    expect(recovered.status).toBe('completed');
    await second.close();
  });
});

describe('the openai SDK WebSocket client (ResponsesWS)', () => {
  it('reads the refused continuation as an error carrying previous_response_not_found', async () => {
    const client = new OpenAI({ apiKey: GATEWAY_KEY, baseURL: `${gateway.url}/v1`, maxRetries: 0 });
    const socket = new ResponsesWS(client);
    try {
      const error = await new Promise<unknown>((resolve) => {
        socket.on('error', resolve);
        socket.on('event', (event) => event.type === 'response.completed' && resolve(event));
        socket.send({
          type: 'response.create',
          model: 'chat/gpt-4.1',
          store: false,
          previous_response_id: 'resp_missing_for_sdk',
          input: 'x',
        });
      });
      expect(error).toMatchObject({
        error: {
          type: 'error',
          status: 400,
          error: { code: 'previous_response_not_found', param: 'previous_response_id' },
        },
      });
    } finally {
      socket.close();
    }
  });
});

describe('over HTTP, the same answers OpenAI gives (the openai SDK)', () => {
  const client = (): OpenAI =>
    new OpenAI({ apiKey: GATEWAY_KEY, baseURL: `${gateway.url}/v1`, maxRetries: 0, timeout: 10_000 });

  it.each(MODELS)('a missing previous_response_id is a 400 previous_response_not_found on %s', async (model) => {
    for (const missing of ['resp_openresponses_missing_1', 'resp_ilg_00000000000000000000000000000000']) {
      const error = await client()
        .responses.create({ model, input: 'x', previous_response_id: missing })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect(error).toMatchObject({
        status: 400,
        code: 'previous_response_not_found',
        param: 'previous_response_id',
        type: 'invalid_request_error',
      });
    }
  });

  it.each(MODELS)('a function_call_output without its call is a 400 naming input on %s', async (model) => {
    const error = await client()
      .responses.create({ model, input: [{ type: 'function_call_output', call_id: 'call_never_made', output: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ status: 400, param: 'input', message: expect.stringContaining('call_never_made') });
  });
});
