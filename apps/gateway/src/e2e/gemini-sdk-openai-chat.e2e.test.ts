import { ApiError, FinishReason, type Content, type GoogleGenAI } from '@google/genai';
import { geminiStrictResponseSchema } from '@interlingua/gemini';
import {
  loadRecording,
  openAiChatUpstreamRequestSchema,
  recordingSseBody,
  sendJson,
  sendSse,
} from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../services/media-fetcher.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import {
  expected,
  gatedSse,
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
  harness = await startHarness((request, response) => reply(request, response));
  ai = geminiClient(harness);
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = () => {
    throw new Error('no reply set');
  };
});

const lastChat = () => lastUpstreamBody(harness, '/chat/completions', openAiChatUpstreamRequestSchema);

function chatCompletion(message: Record<string, unknown>, extra: Record<string, unknown> = {}): Reply {
  return (_request, response) =>
    sendJson(response, 200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-4o',
      choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: 10,
        completion_tokens: 30,
        total_tokens: 40,
        completion_tokens_details: { reasoning_tokens: 20 },
      },
      ...extra,
    });
}

function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

describe('@google/genai generateContent against an OpenAI chat upstream', () => {
  it('answers text, mapping system instruction and generation config', async () => {
    reply = replayJson('openai-chat/01-text.json');
    const response = await ai.models.generateContent({
      model: 'up/gpt-4.1-nano',
      contents: 'Hello',
      config: { systemInstruction: 'Be terse', temperature: 0.5, maxOutputTokens: 100, stopSequences: ['END'] },
    });
    expect(response.text).toBe(expected('openai-chat/01-text.json').text);
    expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.STOP);
    expect(response.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
    expect(lastChat()).toMatchObject({
      model: 'gpt-4.1-nano',
      messages: [{ role: 'system', content: 'Be terse' }, { role: 'user' }],
      temperature: 0.5,
      stop: ['END'],
    });
    expect(lastChat().max_completion_tokens ?? lastChat().max_tokens).toBe(100);
    expect(response.sdkHttpResponse?.headers?.['x-interlingua-route']).toContain('path=translated:gemini>openai-chat');
  });

  it('passes the strict Gemini response schema', async () => {
    reply = replayJson('openai-chat/09-tool-call.json');
    const raw = await fetch(`${harness.url}/v1beta/models/up/gpt-4o:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': GATEWAY_KEY },
      body: JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'capital?' }] }],
        tools: [{ functionDeclarations: [{ name: 'get_capital' }] }],
      }),
    });
    expect(raw.status).toBe(200);
    const body: unknown = await raw.json();
    expect(geminiStrictResponseSchema.safeParse(body).error).toBeUndefined();
  });

  it('calls functions over two turns, the function response paired with its call', async () => {
    reply = replies(replayJson('openai-chat/09-tool-call.json'), replayJson('openai-chat/01-text.json'));
    const tools = [
      {
        functionDeclarations: [
          {
            name: 'get_capital',
            description: 'Capital of a country',
            parametersJsonSchema: {
              type: 'object',
              properties: { country: { type: 'string' } },
              required: ['country'],
            },
          },
        ],
      },
    ];
    const user: Content = { role: 'user', parts: [{ text: 'What is the capital of England?' }] };
    const first = await ai.models.generateContent({ model: 'up/gpt-4o-mini', contents: [user], config: { tools } });
    const call = first.functionCalls?.[0];
    expect(call).toMatchObject({ name: 'get_capital', args: { country: 'England' } });
    expect(call?.id).toEqual(expect.any(String));
    expect(first.candidates?.[0]?.finishReason).toBe(FinishReason.STOP);
    expect(lastChat().tools?.[0]?.function).toMatchObject({
      name: 'get_capital',
      parameters: { properties: { country: { type: 'string' } } },
    });

    const model = first.candidates?.[0]?.content as Content;
    const answer: Content = {
      role: 'user',
      parts: [{ functionResponse: { id: call?.id, name: 'get_capital', response: { result: 'London' } } }],
    };
    const second = await ai.models.generateContent({
      model: 'up/gpt-4o-mini',
      contents: [user, model, answer],
      config: { tools },
    });
    expect(second.text).toBe(expected('openai-chat/01-text.json').text);
    const messages = lastChat().messages;
    const assistant = messages[1] as {
      role: string;
      tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
    };
    expect(assistant.role).toBe('assistant');
    expect(assistant.tool_calls?.[0]?.function.name).toBe('get_capital');
    expect(JSON.parse(assistant.tool_calls?.[0]?.function.arguments ?? '')).toEqual({ country: 'England' });
    expect(messages[2]).toEqual({ role: 'tool', tool_call_id: assistant.tool_calls?.[0]?.id, content: 'London' });
  });

  it('synthesises ids when the caller sends calls and responses without them', async () => {
    reply = replayJson('openai-chat/01-text.json');
    await ai.models.generateContent({
      model: 'up/gpt-4o-mini',
      contents: [
        { role: 'user', parts: [{ text: 'weather in Paris and Rome?' }] },
        {
          role: 'model',
          parts: [
            { functionCall: { name: 'weather', args: { city: 'Paris' } } },
            { functionCall: { name: 'weather', args: { city: 'Rome' } } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'weather', response: { temp: 21 } } },
            { functionResponse: { name: 'weather', response: { temp: 25 } } },
          ],
        },
      ],
      config: { tools: [{ functionDeclarations: [{ name: 'weather' }] }] },
    });
    const messages = lastChat().messages as Array<{
      role: string;
      tool_calls?: Array<{ id: string }>;
      tool_call_id?: string;
      content?: unknown;
    }>;
    const ids = messages[1]?.tool_calls?.map((c) => c.id) ?? [];
    expect(new Set(ids).size).toBe(2);
    expect(messages.slice(2, 4).map((m) => [m.role, m.tool_call_id, m.content])).toEqual([
      ['tool', ids[0], '{"temp":21}'],
      ['tool', ids[1], '{"temp":25}'],
    ]);
  });

  it('maps thinking config to reasoning and reasoning text back to thought parts', async () => {
    reply = chatCompletion({ content: 'Paris.', reasoning_content: 'The user asks about France.' });
    const response = await ai.models.generateContent({
      model: 'up/deepseek-reasoner',
      contents: 'Capital of France?',
      config: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
    });
    expect(response.candidates?.[0]?.content?.parts).toEqual([
      { text: 'The user asks about France.', thought: true },
      { text: 'Paris.' },
    ]);
    expect(response.text).toBe('Paris.');
    expect(response.usageMetadata).toMatchObject({
      promptTokenCount: 10,
      candidatesTokenCount: 10,
      thoughtsTokenCount: 20,
      totalTokenCount: 40,
    });
    expect(lastChat().reasoning_effort).toBe('low');
  });

  it('sends an inline image as a data URL', async () => {
    reply = replayJson('openai-chat/01-text.json');
    await ai.models.generateContent({
      model: 'up/gpt-4o',
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
    expect(lastChat().messages[0]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${TINY_PNG.toString('base64')}` } },
      ],
    });
  });

  it('asks for candidateCount answers with n and returns every candidate', async () => {
    reply = chatCompletion(
      { content: 'one' },
      {
        choices: [
          { index: 0, message: { role: 'assistant', content: 'one' }, finish_reason: 'stop' },
          { index: 1, message: { role: 'assistant', content: 'two' }, finish_reason: 'length' },
        ],
      },
    );
    const response = await ai.models.generateContent({
      model: 'up/gpt-4o',
      contents: 'Say a number',
      config: { candidateCount: 2 },
    });
    expect(lastChat().n).toBe(2);
    expect(response.candidates?.map((c) => [c.index ?? 0, c.content?.parts?.[0]?.text, c.finishReason])).toEqual([
      [0, 'one', FinishReason.STOP],
      [1, 'two', FinishReason.MAX_TOKENS],
    ]);
  });

  it('carries structured output both ways', async () => {
    reply = replayJson('openai-chat/10-structured-output-json-schema.json');
    const response = await ai.models.generateContent({
      model: 'up/gpt-4o',
      contents: 'Largest city of Mexico?',
      config: {
        responseMimeType: 'application/json',
        responseSchema: {
          type: 'OBJECT',
          properties: { city: { type: 'STRING' }, country: { type: 'STRING' } },
          required: ['city'],
        },
      },
    });
    expect(JSON.parse(response.text ?? '')).toEqual({ city: 'Mexico City', country: 'Mexico' });
    const format = lastChat().response_format;
    expect(format?.type).toBe('json_schema');
    expect(format?.type === 'json_schema' && format.json_schema.schema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
  });

  it('maps finish reasons: length to MAX_TOKENS, content_filter to SAFETY', async () => {
    reply = replayJson('openai-chat/14-azure-content-filter.json');
    const truncated = await ai.models.generateContent({ model: 'up/gpt-4o', contents: 'hi' });
    expect(truncated.candidates?.[0]?.finishReason).toBe(FinishReason.MAX_TOKENS);
    expect(truncated.text).toBe(expected('openai-chat/14-azure-content-filter.json').text);
    reply = chatCompletion(
      { content: '' },
      { choices: [{ index: 0, message: { role: 'assistant', content: null }, finish_reason: 'content_filter' }] },
    );
    const filtered = await ai.models.generateContent({ model: 'up/gpt-4o', contents: 'hi' });
    expect(filtered.candidates?.[0]?.finishReason).toBe(FinishReason.SAFETY);
  });

  it('turns an upstream error before the first byte into a Gemini error', async () => {
    reply = (_request, response) =>
      sendJson(response, 429, {
        error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
      });
    const error = await ai.models.generateContent({ model: 'up/gpt-4o', contents: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toContain('RESOURCE_EXHAUSTED');
  });

  it('estimates countTokens (chat has no count endpoint) and says so', async () => {
    const before = harness.upstream.requests.length;
    const { totalTokens, sdkHttpResponse } = await ai.models.countTokens({
      model: 'up/gpt-4o',
      contents: 'The quick brown fox jumps over the lazy dog',
    });
    expect(totalTokens).toBeGreaterThan(5);
    expect(sdkHttpResponse?.headers?.['x-interlingua-warnings']).toContain('estimated');
    expect(harness.upstream.requests.length).toBe(before);
  });
});

describe('@google/genai generateContentStream against an OpenAI chat upstream', () => {
  it('streams text chunk by chunk with usage and finish reason', async () => {
    reply = replaySse('openai-chat/03-text-stream-after-tool.sse');
    const stream = await ai.models.generateContentStream({ model: 'up/gpt-4o-mini', contents: 'hi' });
    let text = '';
    let chunks = 0;
    let last;
    for await (const chunk of stream) {
      text += chunk.text ?? '';
      chunks++;
      last = chunk;
    }
    expect(text).toBe(expected('openai-chat/03-text-stream-after-tool.sse').text);
    expect(chunks).toBeGreaterThan(2);
    expect(last?.candidates?.[0]?.finishReason).toBe(FinishReason.STOP);
    expect(last?.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
    expect(lastChat()).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('streams a function call whole', async () => {
    reply = replaySse('openai-chat/04-tool-call-stream.sse');
    const stream = await ai.models.generateContentStream({
      model: 'up/gpt-4o-mini',
      contents: 'capital?',
      config: {
        tools: [
          {
            functionDeclarations: [
              {
                name: 'get_capital',
                parametersJsonSchema: { type: 'object', properties: { country: { type: 'string' } } },
              },
            ],
          },
        ],
      },
    });
    const calls = [];
    for await (const chunk of stream) calls.push(...(chunk.functionCalls ?? []));
    expect(calls).toEqual([expect.objectContaining({ name: 'get_capital', args: { country: 'UK' } })]);
  });

  it('throws ApiError when the upstream fails after the first chunk', async () => {
    reply = (_request, response) =>
      sendSse(response, chunk({ role: 'assistant', content: 'Hel' }) + chunk({ content: 'lo' }), {
        resetAfterPieces: 1,
      });
    const stream = await ai.models.generateContentStream({ model: 'up/gpt-4o', contents: 'hi' });
    let text = '';
    const error = await (async () => {
      for await (const part of stream) text += part.text ?? '';
    })().catch((e: unknown) => e);
    expect(text).toBe('Hel');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeGreaterThanOrEqual(500);
  });

  it('relays an upstream in-band error as a Gemini error event', async () => {
    reply = (_request, response) =>
      sendSse(
        response,
        `${chunk({ role: 'assistant', content: 'Hel' })}data: {"error":{"message":"The server is overloaded","type":"server_error","code":null}}\n\n`,
      );
    const response = await fetch(`${harness.url}/v1beta/models/up/gpt-4o:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'x-goog-api-key': GATEWAY_KEY },
      body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }),
    });
    const events = (await response.text()).split(/\r?\n\r?\n/).filter((e) => e.trim() !== '');
    expect(events.every((e) => /^data: [^\n]+$/.test(e))).toBe(true);
    const last = JSON.parse(events.at(-1)?.slice('data: '.length) ?? '') as {
      error?: { code: number; status: string; message: string };
    };
    expect(last.error).toMatchObject({
      code: expect.any(Number),
      status: expect.any(String),
      message: expect.stringContaining('overloaded'),
    });
  });
});

describe(':streamGenerateContent without alt=sse (JSON array) from an OpenAI chat upstream', () => {
  const url = () => `${harness.url}/v1beta/models/up/gpt-4o:streamGenerateContent`;
  const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });

  it('writes each element as it comes, never buffering the array', async () => {
    const gated = gatedSse(
      chunk({ role: 'assistant', content: 'Hello' }),
      `${chunk({ content: ' world' })}${chunk({}, 'stop')}data: [DONE]\n\n`,
    );
    reply = gated.reply;
    const response = await fetch(url(), { method: 'POST', headers: { 'x-goog-api-key': GATEWAY_KEY }, body });
    expect(response.headers.get('content-type')).toContain('application/json');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('Hello')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('ended before the first element');
      text += decoder.decode(value, { stream: true });
    }
    expect(text.startsWith('[')).toBe(true);
    expect(text).not.toContain('world');
    gated.release();
    for (let next = await reader.read(); !next.done; next = await reader.read())
      text += decoder.decode(next.value, { stream: true });
    const elements = JSON.parse(text) as Array<{
      candidates?: Array<{ content?: { parts?: Array<{ text?: string }> }; finishReason?: string }>;
    }>;
    expect(elements.flatMap((e) => e.candidates?.[0]?.content?.parts?.map((p) => p.text) ?? []).join('')).toBe(
      'Hello world',
    );
    expect(elements.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
  });

  it('ends with an error element then ] when the upstream fails mid-stream', async () => {
    reply = (_request, response) =>
      sendSse(response, chunk({ role: 'assistant', content: 'Hel' }) + chunk({ content: 'lo' }), {
        resetAfterPieces: 1,
      });
    const response = await fetch(url(), { method: 'POST', headers: { 'x-goog-api-key': GATEWAY_KEY }, body });
    const elements = JSON.parse(await response.text()) as Array<Record<string, unknown>>;
    expect(elements.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(elements.at(-1) ?? {})).toEqual(['error']);
    expect(elements.at(-1)).toMatchObject({ error: { code: 502, message: expect.any(String), status: 'UNAVAILABLE' } });
  });

  it('agrees with the SSE form on the recorded stream', async () => {
    const recording = recordingSseBody(loadRecording('openai-chat/03-text-stream-after-tool.sse'));
    reply = (_request, response) => sendSse(response, recording, { chunkBytes: 7 });
    const array = JSON.parse(
      await (await fetch(url(), { method: 'POST', headers: { 'x-goog-api-key': GATEWAY_KEY }, body })).text(),
    ) as unknown[];
    reply = (_request, response) => sendSse(response, recording, { chunkBytes: 7 });
    const sse = (
      await (
        await fetch(`${url()}?alt=sse`, { method: 'POST', headers: { 'x-goog-api-key': GATEWAY_KEY }, body })
      ).text()
    )
      .split(/\r?\n\r?\n/)
      .filter((e) => e.startsWith('data: '))
      .map((e) => JSON.parse(e.slice('data: '.length)) as unknown);
    expect(array).toEqual(sse);
  });
});
