import Anthropic from '@anthropic-ai/sdk';
import { loadRecording, recordingJson, sendJson } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BEDROCK_PROVIDER,
  bedrockUpstream,
  converseStream,
  lastConverseBody,
  type Reply,
} from './bedrock-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * Bedrock caches only at `cachePoint` blocks, and reports cache use with `inputTokens` leaving
 * out what was read and written (`cacheReadInputTokens`, `cacheWriteInputTokens`).
 */
const CLAUDE = 'us.anthropic.claude-sonnet-4-20250514-v1:0';
const CACHED = { inputTokens: 26, cacheReadInputTokens: 1920, cacheWriteInputTokens: 60 };
const PROMPT_TOKENS = CACHED.inputTokens + CACHED.cacheReadInputTokens + CACHED.cacheWriteInputTokens;

let harness: Harness;
let reply: Reply;
let openai: OpenAI;
let anthropic: Anthropic;

const recorded = recordingJson(loadRecording('bedrock-converse/01-text.json')) as { usage: { outputTokens: number } };
const cachedAnswer: Reply = (_request, response) =>
  sendJson(response, 200, {
    ...recorded,
    usage: {
      ...CACHED,
      outputTokens: recorded.usage.outputTokens,
      totalTokens: PROMPT_TOKENS + recorded.usage.outputTokens,
    },
  });
const cachedStream = converseStream([
  ['messageStart', { role: 'assistant' }],
  ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Hello' } }],
  ['contentBlockStop', { contentBlockIndex: 0 }],
  ['messageStop', { stopReason: 'end_turn' }],
  ['metadata', { usage: { ...CACHED, outputTokens: 5, totalTokens: PROMPT_TOKENS + 5 }, metrics: { latencyMs: 20 } }],
]);

beforeAll(async () => {
  harness = await startHarness(
    bedrockUpstream(() => reply),
    {
      upstreamProvider: BEDROCK_PROVIDER,
      models: [
        {
          name: 'claude',
          targets: [{ provider: 'upstream', model: CLAUDE }],
          defaultMaxOutputTokens: 1024,
          cache: { breakpoints: 'auto' },
        },
      ],
    },
  );
  openai = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  anthropic = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => harness.close());

describe('prompt caching on a Bedrock route with cache.breakpoints: auto', () => {
  it('an OpenAI chat caller’s request gets cachePoint blocks after the tools, the system prompt and the user turns', async () => {
    reply = cachedAnswer;
    await openai.chat.completions.create({
      model: 'claude',
      messages: [
        { role: 'system', content: 'Long rules' },
        { role: 'user', content: 'First question' },
        { role: 'assistant', content: 'First answer' },
        { role: 'user', content: 'Second question' },
      ],
      tools: [{ type: 'function', function: { name: 'look', parameters: { type: 'object', properties: {} } } }],
    });
    const body = lastConverseBody(harness.upstream.requests) as {
      system: unknown[];
      messages: Array<{ content: unknown[] }>;
      toolConfig: { tools: unknown[] };
    };
    const point = { cachePoint: { type: 'default' } };
    expect(body.system).toEqual([{ text: 'Long rules' }, point]);
    expect(body.toolConfig.tools.at(-1)).toEqual(point);
    expect(body.messages.map((message) => message.content.at(-1))).toEqual([point, { text: 'First answer' }, point]);
  });

  it('reports the cache to an OpenAI chat caller: prompt_tokens with the cache in it, cached_tokens the reads', async () => {
    reply = cachedAnswer;
    const completion = await openai.chat.completions.create({
      model: 'claude',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(completion.usage?.prompt_tokens).toBe(PROMPT_TOKENS);
    expect(completion.usage?.prompt_tokens_details?.cached_tokens).toBe(CACHED.cacheReadInputTokens);
  });

  it('reports the cache to an Anthropic caller in its three buckets, streamed', async () => {
    reply = cachedStream;
    const message = await anthropic.messages
      .stream({ model: 'claude', max_tokens: 256, messages: [{ role: 'user', content: 'Hello' }] })
      .finalMessage();
    expect(message.usage.input_tokens).toBe(CACHED.inputTokens);
    expect(message.usage.cache_read_input_tokens).toBe(CACHED.cacheReadInputTokens);
    expect(message.usage.cache_creation_input_tokens).toBe(CACHED.cacheWriteInputTokens);
  });
});
