import type { ServerResponse } from 'node:http';
import {
  loadRecording,
  recordingJson,
  recordingSseBody,
  sendJson,
  sendSse,
  startLoopbackUpstream,
  type ReceivedRequest,
} from '@interlingua/testkit';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

/*
 * A chat caller asks for the cost in the answer's usage with OpenRouter's `"usage": {"include": true}` or the
 * gateway's `x-interlingua-include-cost: true`; the official SDK reads the extra member without complaint.
 * Costs below are computed by hand from the recordings' usage.
 */

// gpt-4o-mini at the shipped catalog's $0.15 / $0.60 per million input / output tokens.
const CHAT_MODEL = 'up/gpt-4o-mini-2024-07-18';
const STREAM = recordingSseBody(loadRecording('openai-chat/03-text-stream-after-tool.sse'));
const STREAM_COST = (78 * 0.15 + 9 * 0.6) / 1e6;
const WHOLE = recordingJson(loadRecording('openai-chat/01-text.json'));
const WHOLE_COST = (16 * 0.15 + 363 * 0.6) / 1e6;
// A Claude stream (599 input, 135 output tokens) translated for the chat caller, at a configured test price.
const CLAUDE_STREAM = recordingSseBody(loadRecording('anthropic-messages/07-text-then-tool-use-stream.sse'));
const CLAUDE_COST = (599 * 1000 + 135 * 2000) / 1e6;
// A whole Claude answer (12 input, 29 output tokens), same price.
const CLAUDE_WHOLE = recordingJson(loadRecording('anthropic-messages/01-text.json'));
const CLAUDE_WHOLE_COST = (12 * 1000 + 29 * 2000) / 1e6;
const PRICING = [{ model: 'priced*', inputPerMillion: 1000, outputPerMillion: 2000 }];

let chat: Harness;
let claude: Harness;
let reply: Reply;
const received: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  chat = await startHarness((request, response) => {
    received.push(request.json() as Record<string, unknown>);
    return reply(request, response);
  });
  claude = await startHarness(
    (request, response) =>
      (request.json() as { stream?: boolean }).stream
        ? sendSse(response, CLAUDE_STREAM)
        : sendJson(response, 200, CLAUDE_WHOLE),
    {
      upstreamProvider: { type: 'anthropic' },
      sections: { pricing: PRICING },
    },
  );
});
afterAll(async () => {
  await chat.close();
  await claude.close();
});

const client = (harness: Harness, headers: Record<string, string> = {}) =>
  new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, defaultHeaders: headers });

type Asked = ChatCompletionCreateParamsStreaming & { usage?: { include: boolean } };

/** The usage of the last chunk that carries one, read by the OpenAI SDK's stream. */
async function finalUsage(harness: Harness, params: Asked, headers?: Record<string, string>) {
  const stream = await client(harness, headers).chat.completions.create(params);
  let usage: Record<string, unknown> | undefined;
  let text = '';
  for await (const chunk of stream) {
    if (chunk.usage) usage = chunk.usage as unknown as Record<string, unknown>;
    text += chunk.choices[0]?.delta.content ?? '';
  }
  return { usage, text };
}

const asked = (model: string, extra: Partial<Asked> = {}): Asked => ({
  model,
  messages: [{ role: 'user', content: 'hi' }],
  stream: true,
  ...extra,
});

describe('the cost in a relayed chat stream (same style)', () => {
  it('is in the final usage chunk when the caller sends usage.include, which does not go upstream', async () => {
    reply = (_request, response) => sendSse(response, STREAM);
    received.length = 0;
    const { usage, text } = await finalUsage(
      chat,
      asked(CHAT_MODEL, { stream_options: { include_usage: true }, usage: { include: true } }),
    );
    expect(text.length).toBeGreaterThan(0);
    expect(usage).toMatchObject({ prompt_tokens: 78, completion_tokens: 9 });
    expect(usage?.cost).toBeCloseTo(STREAM_COST, 12);
    expect(received[0]).not.toHaveProperty('usage');
    expect(received[0]).toMatchObject({ stream_options: { include_usage: true } });
  });

  it('is in a usage chunk when only the header asks (no include_usage)', async () => {
    reply = (_request, response) => sendSse(response, STREAM);
    const { usage } = await finalUsage(chat, asked(CHAT_MODEL), { 'x-interlingua-include-cost': 'true' });
    expect(usage?.cost).toBeCloseTo(STREAM_COST, 12);
  });

  it('is absent without the opt-in, usage chunk or not', async () => {
    reply = (_request, response) => sendSse(response, STREAM);
    const withUsage = await finalUsage(chat, asked(CHAT_MODEL, { stream_options: { include_usage: true } }));
    expect(withUsage.usage).toMatchObject({ prompt_tokens: 78 });
    expect(withUsage.usage).not.toHaveProperty('cost');
    const withoutUsage = await finalUsage(chat, asked(CHAT_MODEL));
    expect(withoutUsage.usage).toBeUndefined();
  });

  it('is in the whole answer usage too, and only when asked', async () => {
    reply = (_request, response) => sendJson(response, 200, WHOLE);
    const params = { model: CHAT_MODEL, messages: [{ role: 'user' as const, content: 'hi' }] };
    const optedIn = await client(chat).chat.completions.create({
      ...params,
      usage: { include: true },
    } as typeof params);
    expect((optedIn.usage as unknown as Record<string, unknown>).cost).toBeCloseTo(WHOLE_COST, 12);
    const plain = await client(chat).chat.completions.create(params);
    expect(plain.usage).not.toHaveProperty('cost');
  });
});

describe('a chat request translated for a chat upstream (message contents captured for the trace)', () => {
  it('does not send the usage opt-in upstream, and the answer carries the cost', async () => {
    const receiver = await startLoopbackUpstream((_request, response) => sendJson(response, 200, {}));
    const sent: Array<Record<string, unknown>> = [];
    const traced = await startHarness(
      (request, response) => {
        sent.push(request.json() as Record<string, unknown>);
        return sendSse(response, STREAM);
      },
      { sections: { telemetry: { endpoint: receiver.url, protocol: 'http/json', captureMessageContent: true } } },
    );
    try {
      const traceparent = `00-${'a1'.repeat(16)}-${'b2'.repeat(8)}-01`;
      const { usage } = await finalUsage(traced, asked(CHAT_MODEL, { usage: { include: true } }), { traceparent });
      expect(usage?.cost).toBeCloseTo(STREAM_COST, 12);
      expect(sent[0]).toMatchObject({ model: 'gpt-4o-mini-2024-07-18' });
      expect(sent[0]).not.toHaveProperty('usage');
    } finally {
      await traced.close();
      await receiver.close();
    }
  });
});

describe('the cost in a translated chat stream (Anthropic upstream)', () => {
  it('is in the final usage chunk when asked, absent otherwise', async () => {
    const optedIn = await finalUsage(claude, asked('up/priced-claude', { usage: { include: true } }));
    expect(optedIn.usage).toMatchObject({ prompt_tokens: 599, completion_tokens: 135 });
    expect(optedIn.usage?.cost).toBeCloseTo(CLAUDE_COST, 9);
    const plain = await finalUsage(claude, asked('up/priced-claude', { stream_options: { include_usage: true } }));
    expect(plain.usage).toMatchObject({ prompt_tokens: 599 });
    expect(plain.usage).not.toHaveProperty('cost');
  });

  it('is in the whole translated answer when the header asks', async () => {
    const params = { model: 'up/priced-claude', messages: [{ role: 'user' as const, content: 'hi' }] };
    const optedIn = await client(claude, { 'x-interlingua-include-cost': 'true' }).chat.completions.create(params);
    expect(optedIn.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 29 });
    expect((optedIn.usage as unknown as Record<string, unknown>).cost).toBeCloseTo(CLAUDE_WHOLE_COST, 9);
    const plain = await client(claude).chat.completions.create(params);
    expect(plain.usage).not.toHaveProperty('cost');
  });
});
