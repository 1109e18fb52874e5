import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import {
  loadRecording,
  recordingJson,
  recordingSseBody,
  sendJson,
  sendSse,
  startLoopbackUpstream,
  withCachedUsage,
  withCachedUsageSse,
  type CachedPrompt,
  type LoopbackUpstream,
} from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { providerForWire, readWireRequest, UPSTREAM_WIRES, type WireRequest } from './upstream-wires.test-support.js';

/**
 * Every official SDK reads the prompt-cache numbers in its own usage fields, whichever upstream
 * answered, streamed or not. The upstreams replay recorded answers whose usage says: a 2006-token
 * prompt, 1920 tokens of it read from the cache and (Anthropic only, the one API that reports
 * them) 60 written, 20 of those for an hour.
 */
const PROMPT: CachedPrompt = { inputTokens: 2006, cacheReadTokens: 1920, cacheWriteTokens: 60, cacheWrite1hTokens: 20 };
const writesFrom = (wire: GenerationStyle) => (wire === 'anthropic-messages' ? PROMPT.cacheWriteTokens : 0);

const RECORDED: Record<GenerationStyle, { json: string; sse: string }> = {
  'openai-chat': { json: 'openai-chat/01-text.json', sse: 'openai-chat/02-text-stream-usage.chunks.jsonl' },
  'openai-responses': { json: 'openai-responses/01-text.json', sse: 'openai-responses/02-text-stream.sse' },
  'anthropic-messages': { json: 'anthropic-messages/01-text.json', sse: 'anthropic-messages/03-text-stream-short.sse' },
  gemini: { json: 'gemini/01-text.json', sse: 'gemini/02-text-stream.sse' },
};

/** Anthropic-like prices per million: input 3, cache read 0.3, five-minute write 3.75, one-hour write 6, output 15. */
const PRICING = [
  {
    model: '*',
    inputPerMillion: 3,
    outputPerMillion: 15,
    cacheReadPerMillion: 0.3,
    cacheWritePerMillion: 3.75,
    cacheWrite1hPerMillion: 6,
  },
];

let harness: Harness;
let upstream: LoopbackUpstream;
let openai: OpenAI;
let anthropic: Anthropic;
let genai: GoogleGenAI;
const received = new Map<GenerationStyle, WireRequest>();

beforeAll(async () => {
  upstream = await startLoopbackUpstream((request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') return sendJson(response, 400, { error: { message: read } });
    received.set(read.wire, read);
    const recording = loadRecording(RECORDED[read.wire][read.stream ? 'sse' : 'json']);
    if (read.stream) return sendSse(response, withCachedUsageSse(recordingSseBody(recording), read.wire, PROMPT));
    return sendJson(response, 200, withCachedUsage(recordingJson(recording), read.wire, PROMPT));
  });
  harness = await startHarness(() => undefined, {
    sections: { pricing: PRICING },
    providers: UPSTREAM_WIRES.map((wire) => providerForWire(wire, wire, upstream.url)),
    models: UPSTREAM_WIRES.map((wire) => ({
      name: `${wire}/*`,
      targets: [{ provider: wire }],
      ...(wire === 'anthropic-messages' ? { defaultMaxOutputTokens: 1024, cache: { breakpoints: 'auto' } } : {}),
    })),
  });
  openai = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  anthropic = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  genai = new GoogleGenAI({ apiKey: GATEWAY_KEY, httpOptions: { baseUrl: harness.url, timeout: 10_000 } });
});

afterAll(async () => {
  await harness.close();
  await upstream.close();
});

const cases = UPSTREAM_WIRES.flatMap((wire) =>
  [false, true].map((stream) => [`${wire} upstream${stream ? ', streamed' : ''}`, wire, stream] as const),
);

describe('openai SDK, chat completions', () => {
  it.each(cases)(
    '%s: prompt_tokens includes the cache, cached_tokens says how much was read',
    async (_name, wire, stream) => {
      const request = {
        model: `${wire}/m`,
        messages: [{ role: 'user' as const, content: 'Hello' }],
        prompt_cache_key: 'tenant-1',
      };
      let usage: OpenAI.CompletionUsage | undefined;
      if (stream) {
        for await (const chunk of await openai.chat.completions.create({
          ...request,
          stream: true,
          stream_options: { include_usage: true },
        }))
          usage = chunk.usage ?? usage;
      } else usage = (await openai.chat.completions.create(request)).usage;
      expect(usage?.prompt_tokens).toBe(PROMPT.inputTokens);
      expect(usage?.prompt_tokens_details?.cached_tokens).toBe(PROMPT.cacheReadTokens);
      expect(usage?.total_tokens).toBe(PROMPT.inputTokens + (usage?.completion_tokens ?? 0));
      if (wire === 'openai-chat' || wire === 'openai-responses')
        expect(received.get(wire)?.body.prompt_cache_key).toBe('tenant-1');
    },
  );
});

describe('openai SDK, Responses', () => {
  it.each(cases)(
    '%s: input_tokens includes the cache, input_tokens_details.cached_tokens says how much was read',
    async (_name, wire, stream) => {
      const request = { model: `${wire}/m`, input: 'Hello', store: false, prompt_cache_key: 'tenant-2' };
      let usage: OpenAI.Responses.ResponseUsage | undefined;
      if (stream) {
        for await (const event of await openai.responses.create({ ...request, stream: true }))
          if (event.type === 'response.completed') usage = event.response.usage;
      } else usage = (await openai.responses.create(request)).usage;
      expect(usage?.input_tokens).toBe(PROMPT.inputTokens);
      expect(usage?.input_tokens_details.cached_tokens).toBe(PROMPT.cacheReadTokens);
      if (wire === 'openai-chat' || wire === 'openai-responses')
        expect(received.get(wire)?.body.prompt_cache_key).toBe('tenant-2');
    },
  );
});

describe('Anthropic SDK', () => {
  it.each(cases)(
    '%s: input_tokens leaves the cache out, read and written tokens in their own fields',
    async (_name, wire, stream) => {
      const request = {
        model: `${wire}/m`,
        max_tokens: 256,
        system: [
          {
            type: 'text' as const,
            text: 'Long instructions',
            cache_control: { type: 'ephemeral' as const, ttl: '1h' as const },
          },
        ],
        messages: [{ role: 'user' as const, content: 'Hello' }],
      };
      const message = stream
        ? await anthropic.messages.stream(request).finalMessage()
        : await anthropic.messages.create(request);
      const writes = writesFrom(wire);
      expect(message.usage.input_tokens).toBe(PROMPT.inputTokens - PROMPT.cacheReadTokens - writes);
      expect(message.usage.cache_read_input_tokens).toBe(PROMPT.cacheReadTokens);
      expect(message.usage.cache_creation_input_tokens ?? 0).toBe(writes);
      if (wire === 'anthropic-messages') {
        expect(message.usage.cache_creation?.ephemeral_1h_input_tokens).toBe(PROMPT.cacheWrite1hTokens);
        expect(received.get(wire)?.body.system).toEqual(request.system);
      }
    },
  );
});

describe('Google GenAI SDK', () => {
  it.each(cases)(
    '%s: promptTokenCount includes the cache, cachedContentTokenCount says how much was read',
    async (_name, wire, stream) => {
      const request = { model: `${wire}/m`, contents: 'Hello' };
      let usage: Awaited<ReturnType<typeof genai.models.generateContent>>['usageMetadata'];
      if (stream) {
        for await (const chunk of await genai.models.generateContentStream(request))
          usage = chunk.usageMetadata ?? usage;
      } else usage = (await genai.models.generateContent(request)).usageMetadata;
      expect(usage?.promptTokenCount).toBe(PROMPT.inputTokens);
      expect(usage?.cachedContentTokenCount).toBe(PROMPT.cacheReadTokens);
      if (wire === 'anthropic-messages') expect(JSON.stringify(received.get(wire)?.body)).toContain('"cache_control"');
    },
  );
});

describe('cost of a cached answer', () => {
  it.each(UPSTREAM_WIRES)(
    '%s upstream: reads, writes and one-hour writes each at their own price in x-interlingua-cost',
    async (wire) => {
      const response = await fetch(`${harness.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${GATEWAY_KEY}` },
        body: JSON.stringify({ model: `${wire}/m`, messages: [{ role: 'user', content: 'Hello' }] }),
      });
      const body = (await response.json()) as { usage: { completion_tokens: number } };
      const writes = writesFrom(wire);
      const longWrites = wire === 'anthropic-messages' ? (PROMPT.cacheWrite1hTokens ?? 0) : 0;
      const plain = PROMPT.inputTokens - PROMPT.cacheReadTokens - writes;
      const expected =
        (plain * 3 +
          PROMPT.cacheReadTokens * 0.3 +
          (writes - longWrites) * 3.75 +
          longWrites * 6 +
          body.usage.completion_tokens * 15) /
        1e6;
      expect(Number(response.headers.get('x-interlingua-cost'))).toBeCloseTo(expected, 12);
    },
  );
});
