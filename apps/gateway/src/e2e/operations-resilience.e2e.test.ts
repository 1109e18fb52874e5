import type { ServerResponse } from 'node:http';
import {
  loadRecording,
  recordingJson,
  recordingSseBody,
  sendJson,
  sendSse,
  type ReceivedRequest,
} from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

/** The upstream answers by the model it is asked for; each test sets the replies it needs. */
let replies: Record<string, Reply[]> = {};
const arrivals: Record<string, number[]> = {};
let harness: Harness;
let client: OpenAI;

const TEXT = loadRecording('openai-chat/01-text.json');
const STREAM = recordingSseBody(loadRecording('openai-chat/03-text-stream-after-tool.sse'));
const ok: Reply = (_request, response) => sendJson(response, 200, recordingJson(TEXT));
const status =
  (
    code: number,
    body: unknown = { error: { message: `failure ${code}`, type: 'server_error', param: null, code: null } },
    headers: Record<string, string> = {},
  ): Reply =>
  (_request, response) =>
    sendJson(response, code, body, headers);
/** Never answers: waits until the gateway gives up on the request. */
const stall: Reply = (_request, response) => new Promise((resolve) => response.on('close', resolve));

function modelOf(request: ReceivedRequest): string {
  return String((request.json() as { model?: unknown }).model);
}

beforeAll(async () => {
  harness = await startHarness(
    (request, response) => {
      const model = modelOf(request);
      (arrivals[model] ??= []).push(performance.now());
      const queue = replies[model] ?? [];
      const reply = queue.length > 1 ? queue.shift() : queue[0];
      if (!reply) return sendJson(response, 500, { error: { message: `no reply for ${model}` } });
      return reply(request, response);
    },
    {
      upstreamProvider: { timeouts: { firstByteMs: 400, idleMs: 400, totalMs: 2_000 } },
      models: [
        {
          name: 'pair',
          targets: [
            { provider: 'upstream', model: 'first' },
            { provider: 'upstream', model: 'second', priority: 1 },
          ],
        },
        {
          name: 'cool',
          targets: [
            { provider: 'upstream', model: 'sick' },
            { provider: 'upstream', model: 'well', priority: 1 },
          ],
        },
        {
          name: 'to-mock',
          targets: [
            { provider: 'upstream', model: 'stalled' },
            { provider: 'mock', model: 'mock', priority: 1 },
          ],
        },
      ],
      sections: {
        routing: {
          retries: 2,
          backoff: { initialMs: 10, maxMs: 50 },
          maxRetryAfterSeconds: 2,
          cooldown: { failures: 2, windowMs: 60_000, durationMs: 60_000 },
          timeouts: { totalMs: 3_000 },
        },
      },
    },
  );
  client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 15_000 });
});
afterAll(() => harness.close());
beforeEach(() => {
  replies = {};
});

const ask = (model: string) =>
  client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).withResponse();
const count = (model: string) => arrivals[model]?.length ?? 0;
const route = (response: Response) => response.headers.get('x-interlingua-route') ?? '';

describe('retries', () => {
  it("waits out an upstream's retry-after, then answers", async () => {
    replies['retry-after'] = [
      status(
        429,
        { error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
        { 'retry-after': '1' },
      ),
      ok,
    ];
    const { data, response } = await ask('up/retry-after');
    expect(data.choices[0]?.message.content).toBe(TEXT.expect.text);
    expect(route(response)).toContain('attempts=2');
    const [first = 0, second = 0] = arrivals['retry-after'] ?? [];
    expect(second - first).toBeGreaterThanOrEqual(950);
  });

  it('returns a 429 asking for more than maxRetryAfterSeconds at once, with its retry-after', async () => {
    replies['long-wait'] = [
      status(
        429,
        { error: { message: 'come back later', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
        { 'retry-after': '30' },
      ),
    ];
    const error = await ask('up/long-wait').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe('30');
    expect(count('long-wait')).toBe(1);
  });

  it('retries 5xx with backoff, up to routing.retries', async () => {
    replies.broken = [status(500)];
    const error = await ask('up/broken').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect(count('broken')).toBe(3);
  });

  it('never retries insufficient_quota or an upstream 400', async () => {
    replies.quota = [
      status(429, {
        error: {
          message: 'You exceeded your current quota',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      }),
    ];
    const quota = await ask('up/quota').catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(OpenAI.RateLimitError);
    expect((quota as InstanceType<typeof OpenAI.RateLimitError>).code).toBe('insufficient_quota');
    expect(count('quota')).toBe(1);
    replies.invalid = [
      status(400, { error: { message: 'bad field', type: 'invalid_request_error', param: 'messages', code: null } }),
    ];
    await expect(ask('up/invalid')).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    expect(count('invalid')).toBe(1);
  });
});

describe('fallback and cooldown', () => {
  it('falls back to the next target before the first byte', async () => {
    replies.first = [status(503)];
    replies.second = [ok];
    const { response } = await ask('pair');
    expect(route(response)).toBe('provider=upstream; model=second; attempts=2; path=fast');
  });

  it('does not fall back once the first byte went out: the error arrives in-band', async () => {
    const before = count('second');
    replies.first = [(_request, response) => sendSse(response, STREAM, { resetAfterPieces: 2 })];
    replies.second = [ok];
    const stream = await client.chat.completions.create({
      model: 'pair',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let chunks = 0;
    const failure = await (async () => {
      for await (const _chunk of stream) chunks++;
    })().catch((e: unknown) => e);
    expect(chunks).toBeGreaterThan(0);
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect(count('second')).toBe(before);
  });

  it('cools a target down after repeated failures and sends traffic to the next one first', async () => {
    replies.sick = [status(500)];
    replies.well = [ok];
    for (let i = 0; i < 2; i++) expect(route((await ask('cool')).response)).toContain('model=well; attempts=2');
    expect(count('sick')).toBe(2);
    const { response } = await ask('cool');
    expect(route(response)).toContain('model=well; attempts=1');
    expect(count('sick')).toBe(2);
  });
});

describe('timeouts', () => {
  it('falls back when an upstream sends no head within timeouts.firstByteMs', async () => {
    replies.stalled = [stall];
    const { data, response } = await ask('to-mock');
    expect(data.choices[0]?.message.content).toBe('You said: hi');
    expect(route(response)).toContain('provider=mock');
  });

  it('ends a stream with an in-band error when the upstream goes idle past timeouts.idleMs', async () => {
    replies.idle = [
      async (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(STREAM.split('\n\n')[0] + '\n\n');
        await new Promise((resolve) => response.on('close', resolve));
      },
    ];
    const stream = await client.chat.completions.create({
      model: 'up/idle',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    const failure = await (async () => {
      for await (const _chunk of stream);
    })().catch((e: unknown) => e);
    expect((failure as Error).message).toMatch(/idle timeout/);
  });

  it("retries an attempt that passed the provider's timeouts.totalMs while the body still trickled", async () => {
    const trickle: Reply = async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"id":');
      for (let i = 0; i < 40 && !response.destroyed; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        response.write(' ');
      }
      response.end();
    };
    replies.trickle = [trickle, ok];
    const { response } = await ask('up/trickle');
    expect(route(response)).toContain('attempts=2');
  });

  it('answers 504 in the caller style when the request passes routing.timeouts.totalMs', async () => {
    replies.forever = [
      async (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        for (let i = 0; i < 60 && !response.destroyed; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          response.write(' ');
        }
        response.end();
      },
    ];
    const error = await ask('up/forever').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(504);
    expect((error as Error).message).toContain('routing.timeouts.totalMs');
  });
});

describe('metrics of failed attempts', () => {
  it('counts every failed upstream attempt by provider and kind, in-band failures included', async () => {
    const text = await harness.gateway.gateway.ops.runtime.metrics.registry.metrics();
    for (const kind of [
      'rate-limit',
      'quota-exceeded',
      'invalid-request',
      'upstream-error',
      'overloaded',
      'timeout',
      'upstream-unavailable',
    ]) {
      expect(text).toMatch(
        new RegExp(`interlingua_upstream_errors_total\\{provider="upstream",kind="${kind}"\\} [1-9]`),
      );
    }
  });
});
