import Anthropic from '@anthropic-ai/sdk';
import { loadRecording, recordingSseBody, sendJson, sendSse } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geminiClient } from './gemini-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

// A caller's hosted web search reaches an upstream of another style as that upstream's own search
// tool (recorded real answers of each provider's search replayed as the upstream's answer).
const replies = {
  responses: { json: 'openai-responses/10-web-search-citations.json', sse: 'openai-responses/02-text-stream.sse' },
  anthropic: {
    json: 'anthropic-messages/13-web-search-citations.json',
    sse: 'anthropic-messages/03-text-stream-short.sse',
  },
  gemini: { json: 'gemini/01-text.json', sse: 'gemini/10-grounding-stream.sse' },
};

async function upstreamFor(kind: keyof typeof replies, providerType: Record<string, unknown>): Promise<Harness> {
  return startHarness(
    async (request, response) => {
      const streamed = (request.json() as { stream?: boolean }).stream === true || request.url.includes('stream');
      if (streamed) await sendSse(response, recordingSseBody(loadRecording(replies[kind].sse)));
      else sendJson(response, 200, loadRecording(replies[kind].json).body);
    },
    { upstreamProvider: providerType },
  );
}

let responsesUp: Harness;
let anthropicUp: Harness;
let geminiUp: Harness;

beforeAll(async () => {
  responsesUp = await upstreamFor('responses', { type: 'openai', api: 'responses' });
  anthropicUp = await upstreamFor('anthropic', { type: 'anthropic' });
  geminiUp = await upstreamFor('gemini', { type: 'gemini' });
});
afterAll(async () => {
  await Promise.all([responsesUp.close(), anthropicUp.close(), geminiUp.close()]);
});

const sentTools = (harness: Harness): unknown[] =>
  ((harness.upstream.requests.at(-1)?.json() as { tools?: unknown[] }).tools ?? []) as unknown[];
const anthropic = (harness: Harness) =>
  new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
const openai = (harness: Harness) =>
  new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });

const claudeCodeSearch = {
  max_tokens: 512,
  messages: [{ role: 'user' as const, content: 'Weather in San Francisco today?' }],
  tools: [{ type: 'web_search_20250305' as const, name: 'web_search' as const, max_uses: 8 }],
};

describe.each([false, true])('web search tools across styles (stream: %s)', (stream) => {
  it("Anthropic caller (Claude Code's WebSearch) -> Responses upstream gets the web_search tool", async () => {
    const { response } = await anthropic(responsesUp)
      .messages.create({ ...claudeCodeSearch, model: 'up/gpt-5.2', stream: false })
      .withResponse();
    expect(sentTools(responsesUp)).toEqual([{ type: 'web_search' }]);
    expect(response.headers.get('x-interlingua-warnings') ?? '').toContain('dropped webSearch');
    if (stream) {
      const events = await anthropic(responsesUp).messages.create({
        ...claudeCodeSearch,
        model: 'up/gpt-5.2',
        stream: true,
      });
      for await (const event of events) void event;
      expect(sentTools(responsesUp)).toEqual([{ type: 'web_search' }]);
    }
  });

  it('Responses caller (Codex, Agents SDK) -> Anthropic upstream gets the web search server tool', async () => {
    const params = {
      model: 'up/claude-sonnet-4-5',
      input: 'Tallest mountain in Alberta?',
      tools: [{ type: 'web_search' as const, user_location: { type: 'approximate' as const, country: 'US' } }],
    };
    if (stream) {
      const events = await openai(anthropicUp).responses.create({ ...params, stream: true });
      for await (const event of events) void event;
    } else {
      const answer = await openai(anthropicUp).responses.create(params);
      expect(answer.output_text).toContain('San Francisco');
    }
    expect(sentTools(anthropicUp)).toEqual([
      { type: 'web_search_20250305', name: 'web_search', user_location: { type: 'approximate', country: 'US' } },
    ]);
  });

  it('Gemini caller (Gemini CLI google_search) -> Anthropic upstream gets the web search server tool', async () => {
    const request = {
      model: 'up/claude-sonnet-4-5',
      contents: 'Weather in San Francisco today?',
      config: { tools: [{ googleSearch: {} }], maxOutputTokens: 256 },
    };
    const ai = geminiClient(anthropicUp);
    if (stream) for await (const chunk of await ai.models.generateContentStream(request)) void chunk;
    else expect((await ai.models.generateContent(request)).text).toContain('San Francisco');
    expect(sentTools(anthropicUp)).toEqual([{ type: 'web_search_20250305', name: 'web_search' }]);
  });

  it('Anthropic caller -> Gemini upstream gets googleSearch, the search limit named as not sent', async () => {
    const client = anthropic(geminiUp);
    let warnings: string | null;
    if (stream) {
      const { data, response } = await client.messages
        .create({ ...claudeCodeSearch, model: 'up/gemini-2.5-pro', stream: true })
        .withResponse();
      for await (const event of data) void event;
      warnings = response.headers.get('x-interlingua-warnings');
    } else {
      const { response } = await client.messages
        .create({ ...claudeCodeSearch, model: 'up/gemini-2.5-pro' })
        .withResponse();
      warnings = response.headers.get('x-interlingua-warnings');
    }
    expect(sentTools(geminiUp)).toEqual([{ googleSearch: {} }]);
    expect(warnings ?? '').toContain('webSearch');
  });
});
