import Anthropic from '@anthropic-ai/sdk';
import { ApiError } from '@google/genai';
import { loadRecording, recordingSseBody, sendJson, sendSse } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geminiClient } from './gemini-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

// What a caller's style alone can carry (hosted tools, server tools, built-in tools), sent
// through a route whose upstream speaks OpenAI chat: named in the warnings, or refused.
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness(
    async (request, response) => {
      const body = request.json() as { stream?: boolean };
      if (body.stream)
        await sendSse(response, recordingSseBody(loadRecording('openai-chat/02-text-stream-usage.chunks.jsonl')));
      else sendJson(response, 200, loadRecording('openai-chat/01-text.json').body);
    },
    { models: [{ name: 'strict/*', targets: [{ provider: 'upstream' }], untranslatable: 'refuse' }] },
  );
});
afterAll(() => harness.close());

const openai = () => new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
const anthropic = () => new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });

function sentTools(): unknown[] {
  const sent = harness.upstream.requests.at(-1)?.json() as { tools?: unknown[] };
  return sent.tools ?? [];
}

describe('a Responses caller on a chat upstream', () => {
  const tools: OpenAI.Responses.Tool[] = [
    { type: 'function', name: 'add', parameters: { type: 'object', properties: {} }, strict: false },
    { type: 'code_interpreter', container: { type: 'auto' } },
  ];
  const request = (model: string) => ({ model, input: 'What is 2+2?', tools });

  it('by default gets the answer with x-interlingua-warnings naming the hosted tool, which is not sent', async () => {
    const { response } = await openai().responses.create(request('up/gpt-4.1-nano')).withResponse();
    expect(response.headers.get('x-interlingua-warnings')).toContain('tools[1]');
    expect(response.headers.get('x-interlingua-warnings')).toContain('code_interpreter');
    expect(sentTools()).toHaveLength(1);
  });

  it('streamed, names it in the stream headers too', async () => {
    const { data, response } = await openai()
      .responses.create({ ...request('up/gpt-4.1-nano'), stream: true })
      .withResponse();
    for await (const event of data) void event;
    expect(response.headers.get('x-interlingua-warnings')).toContain('code_interpreter');
  });

  it('on a route with untranslatable: refuse gets a 400 in its style naming the tool, and nothing goes upstream', async () => {
    const before = harness.upstream.requests.length;
    const error = await openai()
      .responses.create(request('strict/gpt-4.1-nano'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const bad = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(bad.message).toContain('tools[1] (code_interpreter)');
    expect(bad.code).toBe('untranslatable_input');
    expect(harness.upstream.requests.length).toBe(before);
  });
});

describe('an Anthropic caller on a chat upstream', () => {
  const params = (model: string) => ({
    model,
    max_tokens: 64,
    messages: [{ role: 'user' as const, content: 'Compute 2+2 with code.' }],
    tools: [{ type: 'code_execution_20250825' as const, name: 'code_execution' as const }],
  });

  it('by default names the server tool in x-interlingua-warnings', async () => {
    const { response } = await anthropic().messages.create(params('up/gpt-4.1-nano')).withResponse();
    expect(response.headers.get('x-interlingua-warnings')).toContain('tools[0]');
    expect(response.headers.get('x-interlingua-warnings')).toContain('code_execution_20250825');
    expect(sentTools()).toHaveLength(0);
  });

  it('under untranslatable: refuse gets an Anthropic 400 naming it', async () => {
    const error = await anthropic()
      .messages.create(params('strict/gpt-4.1-nano'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as Error).message).toContain('tools[0] (code_execution_20250825)');
  });
});

describe('a Gemini caller on a chat upstream', () => {
  it('by default names the built-in tool; under untranslatable: refuse gets a Gemini 400 naming it', async () => {
    const response = await fetch(`${harness.url}/v1beta/models/up/gpt-4.1-nano:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': GATEWAY_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], tools: [{ codeExecution: {} }] }),
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(response.headers.get('x-interlingua-warnings')).toContain('codeExecution');
    const error = await geminiClient(harness)
      .models.generateContent({
        model: 'strict/gpt-4.1-nano',
        contents: 'hi',
        config: { tools: [{ codeExecution: {} }] },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toContain('tools (codeExecution)');
  });
});
