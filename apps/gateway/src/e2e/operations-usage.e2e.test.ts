import type { ServerResponse } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import {
  loadRecording,
  recordingJson,
  recordingSseBody,
  sendJson,
  sendSse,
  type ReceivedRequest,
} from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, setRequestLogging } from '../observe/request-log.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

/** Test prices (not real ones): per million tokens. */
const PRICING = [{ model: 'priced*', inputPerMillion: 1000, outputPerMillion: 2000, cacheReadPerMillion: 100 }];
const TEXT = loadRecording('openai-chat/01-text.json');
const STREAM = loadRecording('openai-chat/03-text-stream-after-tool.sse');
const REASONING = loadRecording('openai-responses/08-reasoning-summary.json');

let chatHarness: Harness;
let responsesHarness: Harness;
let reply: Reply;
const lines: Array<Record<string, unknown>> = [];

/** Collects the request log lines of a harness. */
function captureLog(harness: Harness): void {
  harness.gateway.gateway.ops.runtime.logger = createLogger('info', {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
}

async function logLine(requestId: string | null): Promise<Record<string, unknown>> {
  return vi.waitFor(() => {
    const line = lines.find((entry) => entry.requestId === requestId);
    if (!line) throw new Error(`no log line for ${requestId}`);
    return line;
  });
}

beforeAll(async () => {
  setRequestLogging(true);
  chatHarness = await startHarness((request, response) => reply(request, response), { sections: { pricing: PRICING } });
  responsesHarness = await startHarness((_request, response) => sendJson(response, 200, recordingJson(REASONING)), {
    upstreamProvider: { api: 'responses' },
    sections: { pricing: PRICING },
  });
  captureLog(chatHarness);
  captureLog(responsesHarness);
});
afterAll(async () => {
  setRequestLogging(false);
  await chatHarness.close();
  await responsesHarness.close();
});

const openai = (harness: Harness) => new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0 });
const anthropic = () => new Anthropic({ baseURL: chatHarness.url, apiKey: GATEWAY_KEY, maxRetries: 0 });
const TEXT_COST = (16 * 1000 + 363 * 2000) / 1e6;
const STREAM_COST = (78 * 1000 + 9 * 2000) / 1e6;

describe('usage and cost of non-streaming answers', () => {
  it('fast path: x-interlingua-cost from the upstream usage, and the log line', async () => {
    reply = (_request, response) => sendJson(response, 200, recordingJson(TEXT));
    const { response } = await openai(chatHarness)
      .chat.completions.create({ model: 'up/priced-a', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(Number(response.headers.get('x-interlingua-cost'))).toBeCloseTo(TEXT_COST, 10);
    const line = await logLine(response.headers.get('x-request-id'));
    expect(line).toMatchObject({
      key: 'test',
      endpoint: 'chat',
      style: 'openai-chat',
      provider: 'upstream',
      upstreamModel: 'priced-a',
      path: 'fast',
      status: 200,
      attempts: 1,
      tokens: { input: 16, output: 363, cached: 0, reasoning: 0 },
    });
    expect(line.cost).toBeCloseTo(TEXT_COST, 10);
    expect(line.ttfbMs).toEqual(expect.any(Number));
    expect(line.requestBody).toBeUndefined();
  });

  it('translated path (Anthropic caller, OpenAI upstream): the same cost', async () => {
    reply = (_request, response) => sendJson(response, 200, recordingJson(TEXT));
    const { data, response } = await anthropic()
      .messages.create({ model: 'up/priced-b', max_tokens: 500, messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(data.usage).toMatchObject({ input_tokens: 16, output_tokens: 363 });
    expect(Number(response.headers.get('x-interlingua-cost'))).toBeCloseTo(TEXT_COST, 10);
    expect(await logLine(response.headers.get('x-request-id'))).toMatchObject({
      path: 'translated:anthropic-messages>openai-chat',
      tokens: { input: 16, output: 363 },
    });
  });

  it('prices cached input tokens at their own rate', async () => {
    const body = {
      ...(recordingJson(TEXT) as Record<string, unknown>),
      usage: {
        prompt_tokens: 1000,
        completion_tokens: 10,
        total_tokens: 1010,
        prompt_tokens_details: { cached_tokens: 600 },
      },
    };
    reply = (_request, response) => sendJson(response, 200, body);
    const { response } = await openai(chatHarness)
      .chat.completions.create({ model: 'up/priced-c', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(Number(response.headers.get('x-interlingua-cost'))).toBeCloseTo(
      (400 * 1000 + 600 * 100 + 10 * 2000) / 1e6,
      10,
    );
    expect(await logLine(response.headers.get('x-request-id'))).toMatchObject({ tokens: { input: 1000, cached: 600 } });
  });

  it('records reasoning tokens (OpenAI chat caller, Responses upstream)', async () => {
    const { response } = await openai(responsesHarness)
      .chat.completions.create({ model: 'up/priced-r', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(await logLine(response.headers.get('x-request-id'))).toMatchObject({
      path: 'translated:openai-chat>openai-responses',
      tokens: { input: 34, output: 226, reasoning: 59 },
    });
    expect(Number(response.headers.get('x-interlingua-cost'))).toBeCloseTo((34 * 1000 + 226 * 2000) / 1e6, 10);
  });

  it('gives no cost header and a null cost for a model without a price', async () => {
    reply = (_request, response) => sendJson(response, 200, recordingJson(TEXT));
    const { response } = await openai(chatHarness)
      .chat.completions.create({ model: 'up/unpriced', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(response.headers.get('x-interlingua-cost')).toBeNull();
    const line = await logLine(response.headers.get('x-request-id'));
    expect(line.cost).toBeNull();
    expect(line.tokens).toMatchObject({ input: 16, output: 363 });
  });
});

describe('usage and cost of streamed answers (log and totals; no header: streams have no trailers)', () => {
  it('fast path stream', async () => {
    reply = (_request, response) => sendSse(response, recordingSseBody(STREAM));
    const { data: stream, response } = await openai(chatHarness)
      .chat.completions.create({ model: 'up/priced-s', messages: [{ role: 'user', content: 'hi' }], stream: true })
      .withResponse();
    for await (const _chunk of stream);
    expect(response.headers.get('x-interlingua-cost')).toBeNull();
    const line = await logLine(response.headers.get('x-request-id'));
    expect(line).toMatchObject({ path: 'fast', stream: true, tokens: { input: 78, output: 9 } });
    expect(line.cost).toBeCloseTo(STREAM_COST, 10);
  });

  it('translated stream (Anthropic caller, OpenAI upstream)', async () => {
    reply = (_request, response) => sendSse(response, recordingSseBody(STREAM));
    const runner = anthropic().messages.stream({
      model: 'up/priced-t',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const message = await runner.finalMessage();
    expect(message.usage).toMatchObject({ input_tokens: 78, output_tokens: 9 });
    const { response } = await runner.withResponse();
    const line = await logLine(response.headers.get('x-request-id'));
    expect(line).toMatchObject({
      path: 'translated:anthropic-messages>openai-chat',
      stream: true,
      tokens: { input: 78, output: 9 },
    });
    expect(line.cost).toBeCloseTo(STREAM_COST, 10);
  });

  it('local path stream (mock): usage from its last event', async () => {
    const { data: stream, response } = await openai(chatHarness)
      .chat.completions.create({ model: 'mock', messages: [{ role: 'user', content: 'count me' }], stream: true })
      .withResponse();
    for await (const _chunk of stream);
    const line = await logLine(response.headers.get('x-request-id'));
    expect(line).toMatchObject({ path: 'local', provider: 'mock', cost: null });
    expect((line.tokens as { input: number }).input).toBeGreaterThan(0);
  });
});

describe('body logging', () => {
  it('logs bodies only when logging.bodies is on', async () => {
    const harness = await startHarness((_request, response) => sendJson(response, 200, recordingJson(TEXT)), {
      sections: { logging: { bodies: true, maxBodyChars: 200 } },
    });
    try {
      captureLog(harness);
      const { response } = await openai(harness)
        .chat.completions.create({ model: 'up/logged', messages: [{ role: 'user', content: 'log my body' }] })
        .withResponse();
      const line = await logLine(response.headers.get('x-request-id'));
      expect(line.requestBody).toContain('log my body');
      expect(String(line.responseBody)).toContain('chat.completion');
      expect(String(line.responseBody)).toMatch(/more characters\]$/);
    } finally {
      await harness.close();
    }
  });
});
