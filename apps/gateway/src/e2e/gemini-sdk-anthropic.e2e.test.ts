import { ApiError, FinishReason, type Content, type GoogleGenAI } from '@google/genai';
import {
  anthropicUpstreamCountTokensRequestSchema,
  anthropicUpstreamRequestSchema,
  loadRecording,
  recordingJson,
  sendJson,
  sendSse,
} from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../services/media-fetcher.test-support.js';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import {
  expected,
  geminiClient,
  lastUpstreamBody,
  replayJson,
  replaySse,
  replies,
  type Reply,
} from './gemini-e2e.test-support.js';

let harness: Harness;
let reply: Reply;
let ai: GoogleGenAI;

beforeAll(async () => {
  harness = await startHarness((request, response) => reply(request, response), {
    upstreamProvider: { type: 'anthropic' },
    models: [
      {
        name: 'claude',
        targets: [{ provider: 'upstream', model: 'claude-sonnet-4-20250514' }],
        defaultMaxOutputTokens: 4096,
      },
    ],
  });
  ai = geminiClient(harness);
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = () => {
    throw new Error('no reply set');
  };
});

const lastMessages = () => lastUpstreamBody(harness, '/v1/messages', anthropicUpstreamRequestSchema);

const weatherTools = [
  {
    functionDeclarations: [
      {
        name: 'get_user_country',
        description: 'The user country',
        parametersJsonSchema: { type: 'object', properties: {} },
      },
    ],
  },
];

describe('@google/genai generateContent against an Anthropic upstream', () => {
  it('answers text, hoisting the system instruction', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    const response = await ai.models.generateContent({
      model: 'claude',
      contents: 'Hello',
      config: { systemInstruction: 'Be kind', temperature: 0.5, maxOutputTokens: 300 },
    });
    expect(response.text).toBe(expected('anthropic-messages/01-text.json').text);
    expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.STOP);
    expect(lastMessages()).toMatchObject({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 300,
      temperature: 0.5,
      messages: [{ role: 'user' }],
    });
    expect(JSON.stringify(lastMessages().system)).toContain('Be kind');
  });

  it('calls a tool over two turns, thinking shown as thought parts', async () => {
    reply = replies(
      replayJson('anthropic-messages/05-thinking-tool-use.json'),
      replayJson('anthropic-messages/01-text.json'),
    );
    const user: Content = { role: 'user', parts: [{ text: 'What is the largest city in my country?' }] };
    const first = await ai.models.generateContent({
      model: 'claude',
      contents: [user],
      config: { tools: weatherTools },
    });
    const parts = first.candidates?.[0]?.content?.parts ?? [];
    expect(parts[0]).toMatchObject({ thought: true, text: expect.stringContaining('get_user_country') });
    expect(first.functionCalls).toEqual([{ id: 'toolu_01YGzqpRE16Vricda3Aqcejo', name: 'get_user_country', args: {} }]);
    expect(first.candidates?.[0]?.finishReason).toBe(FinishReason.STOP);
    const usage = (
      recordingJson(loadRecording('anthropic-messages/05-thinking-tool-use.json')) as {
        usage: { input_tokens: number; output_tokens: number };
      }
    ).usage;
    expect(first.usageMetadata).toMatchObject({
      promptTokenCount: usage.input_tokens,
      totalTokenCount: usage.input_tokens + usage.output_tokens,
    });

    const answer: Content = {
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: first.functionCalls?.[0]?.id,
            name: 'get_user_country',
            response: { country: 'France' },
          },
        },
      ],
    };
    const second = await ai.models.generateContent({
      model: 'claude',
      contents: [user, first.candidates?.[0]?.content as Content, answer],
      config: { tools: weatherTools },
    });
    expect(second.text).toBe(expected('anthropic-messages/01-text.json').text);
    const messages = lastMessages().messages;
    expect(messages[1]?.content).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'tool_use', id: 'toolu_01YGzqpRE16Vricda3Aqcejo', name: 'get_user_country' }),
      ]),
    );
    expect(messages[2]?.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_01YGzqpRE16Vricda3Aqcejo' }),
    ]);
  });

  it('runs a thinking tool loop: the Anthropic signature travels through the Gemini client sealed, and comes back to Anthropic byte for byte', async () => {
    reply = replies(
      replayJson('anthropic-messages/05-thinking-tool-use.json'),
      replayJson('anthropic-messages/01-text.json'),
    );
    const config = { tools: weatherTools, thinkingConfig: { includeThoughts: true, thinkingBudget: 2048 } };
    const user: Content = { role: 'user', parts: [{ text: 'What is the largest city in my country?' }] };
    const first = await ai.models.generateContent({ model: 'claude', contents: [user], config });
    expect(lastMessages().thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(first.candidates?.[0]?.content?.parts?.[0]).toEqual({
      text: expect.any(String),
      thought: true,
      thoughtSignature: expect.stringMatching(/^iLgRsN01/),
    });
    const answer: Content = {
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: first.functionCalls?.[0]?.id,
            name: 'get_user_country',
            response: { country: 'France' },
          },
        },
      ],
    };
    const second = await ai.models.generateContent({
      model: 'claude',
      contents: [user, first.candidates?.[0]?.content as Content, answer],
      config,
    });
    expect(second.text).toBe(expected('anthropic-messages/01-text.json').text);
    const recorded = recordingJson(loadRecording('anthropic-messages/05-thinking-tool-use.json')) as {
      content: Array<{ type: string; thinking?: string; signature?: string }>;
    };
    const original = recorded.content.find((block) => block.type === 'thinking');
    expect(lastMessages().thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(lastMessages().messages[1]?.content[0]).toEqual({
      type: 'thinking',
      thinking: original?.thinking,
      signature: original?.signature,
    });
  });

  it('maps thinkingBudget to Anthropic budget_tokens', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    await ai.models.generateContent({
      model: 'claude',
      contents: 'hi',
      config: { thinkingConfig: { thinkingBudget: 3000, includeThoughts: true } },
    });
    const body = lastMessages();
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 3000 });
    expect(body.max_tokens).toBeGreaterThan(3000);
  });

  it('sends an inline image as a base64 image block', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    await ai.models.generateContent({
      model: 'claude',
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'What is this?' },
            { inlineData: { mimeType: 'image/png', data: TINY_PNG.toString('base64') } },
          ],
        },
      ],
    });
    expect(lastMessages().messages[0]?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG.toString('base64') } },
    ]);
  });

  it('carries a JSON schema as output_config.format', async () => {
    reply = replayJson('anthropic-messages/14-structured-output.json');
    const schema = { type: 'object', properties: { recipe: { type: 'object' } }, required: ['recipe'] };
    const response = await ai.models.generateContent({
      model: 'claude',
      contents: 'A lasagna recipe',
      config: { responseMimeType: 'application/json', responseJsonSchema: schema },
    });
    expect(JSON.parse(response.text ?? '')).toHaveProperty('recipe.name', 'Classic Lasagna');
    expect(lastMessages().output_config?.format).toEqual({ type: 'json_schema', schema });
  });

  it('maps max_tokens to MAX_TOKENS', async () => {
    reply = replayJson('anthropic-messages/10-max-tokens.json');
    const response = await ai.models.generateContent({ model: 'claude', contents: 'Write a long story' });
    expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.MAX_TOKENS);
  });

  it('warns that candidateCount > 1 cannot be honoured', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    const response = await ai.models.generateContent({
      model: 'claude',
      contents: 'hi',
      config: { candidateCount: 2 },
    });
    expect(response.candidates).toHaveLength(1);
    expect(response.sdkHttpResponse?.headers?.['x-interlingua-warnings']).toContain('candidateCount');
  });

  it('counts tokens with the upstream count endpoint', async () => {
    reply = (_request, response) => sendJson(response, 200, { input_tokens: 42 });
    const counted = await ai.models.countTokens({ model: 'claude', contents: 'How many tokens?' });
    expect(counted.totalTokens).toBe(42);
    expect(counted.sdkHttpResponse?.headers?.['x-interlingua-warnings'] ?? '').not.toContain('estimated');
    expect(
      lastUpstreamBody(harness, '/v1/messages/count_tokens', anthropicUpstreamCountTokensRequestSchema),
    ).toMatchObject({ model: 'claude-sonnet-4-20250514' });
  });

  it('answers an upstream 404 as a Gemini NOT_FOUND', async () => {
    reply = replayJson('anthropic-messages/18-error-404-model-not-found.json');
    const error = await ai.models.generateContent({ model: 'claude', contents: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toContain('NOT_FOUND');
  });
});

describe('@google/genai generateContentStream against an Anthropic upstream', () => {
  it('streams text then a whole function call', async () => {
    reply = replaySse('anthropic-messages/07-text-then-tool-use-stream.sse');
    const stream = await ai.models.generateContentStream({
      model: 'claude',
      contents: 'Weather in San Francisco?',
      config: {
        tools: [
          {
            functionDeclarations: [
              {
                name: 'get_weather',
                parametersJsonSchema: { type: 'object', properties: { location: { type: 'string' } } },
              },
            ],
          },
        ],
      },
    });
    let text = '';
    const calls = [];
    let finish;
    for await (const chunk of stream) {
      text += chunk.text ?? '';
      calls.push(...(chunk.functionCalls ?? []));
      finish = chunk.candidates?.[0]?.finishReason ?? finish;
    }
    const recorded = expected('anthropic-messages/07-text-then-tool-use-stream.sse');
    expect(text).toBe(recorded.text);
    expect(calls).toEqual([
      { id: 'toolu_01DYJo37oETVsCdLTTcCWcdq', name: 'get_weather', args: { location: 'San Francisco, CA' } },
    ]);
    expect(finish).toBe(FinishReason.STOP);
    expect(lastMessages().stream).toBe(true);
  });

  it('throws ApiError on an Anthropic error event after the first chunk', async () => {
    const events = [
      [
        'message_start',
        {
          type: 'message_start',
          message: {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            model: 'claude',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 5, output_tokens: 1 },
          },
        },
      ],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hel' } }],
      ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
    ] as const;
    reply = (_request, response) =>
      sendSse(response, events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join(''));
    const stream = await ai.models.generateContentStream({ model: 'claude', contents: 'hi' });
    let text = '';
    const error = await (async () => {
      for await (const chunk of stream) text += chunk.text ?? '';
    })().catch((e: unknown) => e);
    expect(text).toBe('Hel');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
  });
});
