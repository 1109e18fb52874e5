import Anthropic from '@anthropic-ai/sdk';
import { ApiError, type GoogleGenAI } from '@google/genai';
import { loadRecording } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { replayJson, replaySse, type Reply } from './anthropic-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { geminiClient } from './gemini-e2e.test-support.js';
import {
  lastVertexCall,
  startTestTokenServer,
  vertexUpstream,
  VERTEX_LOCATION,
  VERTEX_PROJECT,
  type TestTokenServer,
} from './vertex-e2e.test-support.js';

let tokens: TestTokenServer;
let harness: Harness;
let reply: Reply;
let openai: OpenAI;
let anthropic: Anthropic;
let gemini: GoogleGenAI;

const GEMINI = 'gemini-2.5-flash';
const CLAUDE = 'claude-sonnet-4@20250514';
const expected = (file: string) => loadRecording(file).expect;
const weatherTool = {
  name: 'get_weather',
  description: 'Weather of a place',
  parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
};
const route = (response: { sdkHttpResponse?: { headers?: Record<string, string> } }) =>
  response.sdkHttpResponse?.headers?.['x-interlingua-route'];

beforeAll(async () => {
  tokens = await startTestTokenServer(VERTEX_PROJECT);
  harness = await startHarness(
    vertexUpstream(
      () => tokens,
      () => reply,
    ),
    {
      upstreamProvider: {
        type: 'vertex',
        apiKey: undefined,
        options: { location: VERTEX_LOCATION, serviceAccountKey: tokens.keyJson },
      },
      models: [
        { name: 'gemini', targets: [{ provider: 'upstream', model: GEMINI }] },
        { name: 'claude', targets: [{ provider: 'upstream', model: CLAUDE }], defaultMaxOutputTokens: 2048 },
      ],
    },
  );
  openai = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  anthropic = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  gemini = geminiClient(harness);
});

afterAll(async () => {
  await harness.close();
  await tokens.close();
});

beforeEach(() => {
  reply = () => {
    throw new Error('no reply set');
  };
});

describe('Gemini on Vertex', () => {
  it('serves Gemini callers on the fast path, with a token minted for the service account (project from the key)', async () => {
    reply = replayJson('gemini/01-text.json');
    const response = await gemini.models.generateContent({ model: 'gemini', contents: 'Hello' });
    expect(response.text).toBe(expected('gemini/01-text.json').text);
    expect(route(response)).toContain('path=fast');
    const upstream = harness.upstream.requests.at(-1)!;
    expect(upstream.url).toBe(
      `/v1/projects/${VERTEX_PROJECT}/locations/${VERTEX_LOCATION}/publishers/google/models/${GEMINI}:generateContent`,
    );
    expect(upstream.headers.authorization).toBe(`Bearer ${tokens.issued.at(-1)}`);
  });

  it('streams to Gemini callers as SSE', async () => {
    reply = replaySse('gemini/02-text-stream.sse');
    let output = '';
    for await (const chunk of await gemini.models.generateContentStream({
      model: 'gemini',
      contents: 'Capital of France?',
    }))
      output += chunk.text ?? '';
    expect(output).toBe(expected('gemini/02-text-stream.sse').text);
    expect(lastVertexCall(harness.upstream.requests).method).toBe('streamGenerateContent?alt=sse');
  });

  it('answers OpenAI chat callers with tool calls, translated to the Gemini wire', async () => {
    reply = replayJson('gemini/05-function-call.json');
    const { data, response } = await openai.chat.completions
      .create({
        model: 'gemini',
        messages: [{ role: 'user', content: 'Weather in San Francisco?' }],
        tools: [{ type: 'function', function: weatherTool }],
      })
      .withResponse();
    const call = data.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' ? [call.function.name, JSON.parse(call.function.arguments)] : []).toEqual([
      'weather',
      { location: 'San Francisco' },
    ]);
    expect(data.choices[0]?.finish_reason).toBe('tool_calls');
    expect(response.headers.get('x-interlingua-route')).toContain('path=translated:openai-chat>gemini');
    expect(lastVertexCall(harness.upstream.requests).body).toMatchObject({
      tools: [{ functionDeclarations: [expect.objectContaining({ name: 'get_weather' })] }],
    });
  });

  it('streams a function call to Anthropic callers', async () => {
    reply = replaySse('gemini/07-function-call-stream.sse');
    const message = await anthropic.messages
      .stream({
        model: 'gemini',
        max_tokens: 200,
        tools: [{ ...weatherTool, input_schema: weatherTool.parameters as Anthropic.Tool.InputSchema }],
        messages: [{ role: 'user', content: 'Which country?' }],
      })
      .finalMessage();
    expect(message.content.find((block) => block.type === 'tool_use')).toMatchObject({
      name: 'get_country',
      input: {},
    });
    expect(message.stop_reason).toBe('tool_use');
  });

  it('reuses the cached access token across calls', async () => {
    reply = replayJson('gemini/01-text.json');
    const before = tokens.issued.length;
    await gemini.models.generateContent({ model: 'gemini', contents: 'Hello' });
    await openai.chat.completions.create({ model: 'gemini', messages: [{ role: 'user', content: 'Hello' }] });
    expect(tokens.issued.length).toBe(before);
  });
});

describe('Claude on Vertex', () => {
  it('serves Anthropic callers on the fast path: model in the URL, anthropic_version in the body', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    const { data, response } = await anthropic.messages
      .create({ model: 'claude', max_tokens: 100, messages: [{ role: 'user', content: 'Hello' }] })
      .withResponse();
    expect(data.content[0]).toMatchObject({ type: 'text', text: expected('anthropic-messages/01-text.json').text });
    expect(response.headers.get('x-interlingua-route')).toContain('path=fast');
    const call = lastVertexCall(harness.upstream.requests);
    expect([call.publisher, call.model, call.method]).toEqual(['anthropic', CLAUDE, 'rawPredict']);
    expect(call.body).toMatchObject({ anthropic_version: 'vertex-2023-10-16', max_tokens: 100 });
    expect(call.body).not.toHaveProperty('model');
  });

  it('streams text and a tool call to Anthropic callers through streamRawPredict', async () => {
    reply = replaySse('anthropic-messages/07-text-then-tool-use-stream.sse');
    const message = await anthropic.messages
      .stream({
        model: 'claude',
        max_tokens: 500,
        tools: [{ ...weatherTool, input_schema: weatherTool.parameters as Anthropic.Tool.InputSchema }],
        messages: [{ role: 'user', content: 'Weather in SF?' }],
      })
      .finalMessage();
    expect(message.content.find((block) => block.type === 'tool_use')).toMatchObject({
      name: 'get_weather',
      input: { location: 'San Francisco, CA' },
    });
    expect(lastVertexCall(harness.upstream.requests)).toMatchObject({
      method: 'streamRawPredict',
      body: { stream: true, anthropic_version: 'vertex-2023-10-16' },
    });
  });

  it('streams a tool call to OpenAI chat callers, translated to the Anthropic wire', async () => {
    reply = replaySse('anthropic-messages/07-text-then-tool-use-stream.sse');
    const stream = await openai.chat.completions.create({
      model: 'claude',
      messages: [{ role: 'user', content: 'Weather in SF?' }],
      tools: [{ type: 'function', function: weatherTool }],
      stream: true,
    });
    let args = '';
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      for (const call of chunk.choices[0]?.delta.tool_calls ?? []) args += call.function?.arguments ?? '';
      finish ??= chunk.choices[0]?.finish_reason;
    }
    expect([JSON.parse(args), finish]).toEqual([{ location: 'San Francisco, CA' }, 'tool_calls']);
    const call = lastVertexCall(harness.upstream.requests);
    expect(call.body).not.toHaveProperty('model');
    expect(call.body).toMatchObject({ tools: [expect.objectContaining({ name: 'get_weather' })] });
  });

  it('answers OpenAI Responses callers with a function call', async () => {
    reply = replayJson('anthropic-messages/05-thinking-tool-use.json');
    const response = await openai.responses.create({
      model: 'claude',
      input: 'Largest city in my country?',
      tools: [
        {
          type: 'function',
          strict: false,
          name: 'get_user_country',
          description: 'The user country',
          parameters: { type: 'object', properties: {} },
        },
      ],
      store: false,
    });
    expect(response.output.find((item) => item.type === 'function_call')).toMatchObject({
      name: 'get_user_country',
      call_id: 'toolu_01YGzqpRE16Vricda3Aqcejo',
    });
  });

  it('answers Gemini callers with a function call', async () => {
    reply = replayJson('anthropic-messages/05-thinking-tool-use.json');
    const response = await gemini.models.generateContent({
      model: 'claude',
      contents: 'Largest city in my country?',
      config: {
        tools: [
          {
            functionDeclarations: [
              {
                name: 'get_user_country',
                description: 'The user country',
                parametersJsonSchema: { type: 'object', properties: {} },
              },
            ],
          },
        ],
      },
    });
    expect(response.functionCalls?.map((c) => c.name)).toEqual(['get_user_country']);
    expect(lastVertexCall(harness.upstream.requests).method).toBe('rawPredict');
  });
});

describe('an expired access token', () => {
  it('is answered 401 UNAUTHENTICATED by Vertex, and every caller gets its own authentication error', async () => {
    tokens.expireAll();
    const chat = await openai.chat.completions
      .create({ model: 'gemini', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e);
    expect(chat).toBeInstanceOf(OpenAI.AuthenticationError);
    const messages = await anthropic.messages
      .create({ model: 'claude', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e);
    expect(messages).toBeInstanceOf(Anthropic.AuthenticationError);
    const google = await gemini.models.generateContent({ model: 'gemini', contents: 'Hi' }).catch((e: unknown) => e);
    expect(google).toBeInstanceOf(ApiError);
    expect((google as ApiError).status).toBe(401);
    expect(String((google as ApiError).message)).toMatch(/invalid authentication credentials/);
  });
});
