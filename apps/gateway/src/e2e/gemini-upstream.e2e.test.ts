import Anthropic from '@anthropic-ai/sdk';
import {
  geminiUpstreamPathSchema,
  geminiUpstreamRequestSchema,
  loadRecording,
  recordingJson,
  sendJson,
} from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { expected, lastUpstreamBody, replayJson, replaySse, replies, type Reply } from './gemini-e2e.test-support.js';

let harness: Harness;
let reply: Reply;
let openai: OpenAI;
let anthropic: Anthropic;

beforeAll(async () => {
  harness = await startHarness((request, response) => reply(request, response), {
    upstreamProvider: { type: 'gemini' },
  });
  openai = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  anthropic = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = () => {
    throw new Error('no reply set');
  };
});

/** The last Gemini request: its path, its key header and its body against Google's documented schema. */
function lastGemini(method: 'generateContent' | 'streamGenerateContent') {
  const request = harness.upstream.requests.at(-1);
  if (!request) throw new Error('no upstream request');
  expect(geminiUpstreamPathSchema.parse(request.url)).toContain(`:${method}`);
  expect(request.headers['x-goog-api-key']).toBe('upstream-secret');
  expect(request.headers.authorization).toBeUndefined();
  return lastUpstreamBody(harness, `:${method}`, geminiUpstreamRequestSchema);
}

/** A Gemini answer with the given parts and finish reason. */
function geminiAnswer(parts: unknown[], finishReason = 'STOP', extra: Record<string, unknown> = {}): Reply {
  return (_request, response) =>
    sendJson(response, 200, {
      candidates: [{ content: { role: 'model', parts }, finishReason, index: 0 }],
      usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 6, thoughtsTokenCount: 10, totalTokenCount: 20 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'resp-1',
      ...extra,
    });
}

const thinkingParts = [
  { text: 'Let me think.', thought: true },
  { text: 'Paris.', thoughtSignature: 'c2lnbmF0dXJl' },
];

/** The thought signature on the function call of the recorded Gemini answer `gemini/05-function-call.json`. */
function recordedCallSignature(): string | undefined {
  const recorded = recordingJson(loadRecording('gemini/05-function-call.json')) as {
    candidates: Array<{ content: { parts: Array<{ thoughtSignature?: string }> } }>;
  };
  return recorded.candidates[0]?.content.parts.find((part) => part.thoughtSignature)?.thoughtSignature;
}

const usageOf = (file: string) =>
  (recordingJson(loadRecording(file)) as { usageMetadata: Record<string, number> }).usageMetadata;

describe('OpenAI chat callers to a Gemini upstream', () => {
  it('answers text, usage counting thoughts as reasoning', async () => {
    reply = replayJson('gemini/01-text.json');
    const completion = await openai.chat.completions.create({
      model: 'up/gemini-3-pro-preview',
      messages: [
        { role: 'system', content: 'Be terse' },
        { role: 'user', content: 'How many r in strawberry?' },
      ],
      temperature: 0.2,
      max_completion_tokens: 500,
    });
    expect(completion.choices[0]?.message.content).toBe(expected('gemini/01-text.json').text);
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    const usage = usageOf('gemini/01-text.json');
    expect(completion.usage).toMatchObject({
      prompt_tokens: usage.promptTokenCount,
      completion_tokens: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
      total_tokens: usage.totalTokenCount,
      completion_tokens_details: { reasoning_tokens: usage.thoughtsTokenCount },
    });
    const body = lastGemini('generateContent');
    expect(body.systemInstruction?.parts).toEqual([{ text: 'Be terse' }]);
    expect(body.generationConfig).toMatchObject({ temperature: 0.2, maxOutputTokens: 500 });
    expect(harness.upstream.requests.at(-1)?.url).toBe('/models/gemini-3-pro-preview:generateContent');
  });

  it('calls a function over two turns: a synthesised id, mapped back to the name for functionResponse', async () => {
    reply = replies(replayJson('gemini/05-function-call.json'), replayJson('gemini/01-text.json'));
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'weather',
          parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
        },
      },
    ];
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in San Francisco?' }];
    const first = await openai.chat.completions.create({ model: 'up/gemini-3-pro-preview', messages, tools });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' && [call.function.name, JSON.parse(call.function.arguments)]).toEqual([
      'weather',
      { location: 'San Francisco' },
    ]);
    expect(call?.id).toMatch(/^call_/);
    expect(lastGemini('generateContent').tools?.[0]?.functionDeclarations?.[0]).toMatchObject({
      name: 'weather',
      parametersJsonSchema: tools[0]?.function.parameters,
    });

    const second = await openai.chat.completions.create({
      model: 'up/gemini-3-pro-preview',
      messages: [
        ...messages,
        first.choices[0]?.message as OpenAI.ChatCompletionMessageParam,
        { role: 'tool', tool_call_id: call?.id ?? '', content: '{"temperature":18}' },
      ],
      tools,
    });
    expect(second.choices[0]?.message.content).toBe(expected('gemini/01-text.json').text);
    const contents = lastGemini('generateContent').contents;
    // The chat message sent back as it came carries Gemini's signature in reasoning_details: Gemini gets it back.
    expect(contents[1]).toEqual({
      role: 'model',
      parts: [
        {
          functionCall: { name: 'weather', args: { location: 'San Francisco' } },
          thoughtSignature: recordedCallSignature(),
        },
      ],
    });
    expect(contents[2]).toEqual({
      role: 'user',
      parts: [{ functionResponse: { name: 'weather', response: { temperature: 18 } } }],
    });
  });

  it('streams text with usage when asked', async () => {
    reply = replaySse('gemini/02-text-stream.sse');
    const stream = await openai.chat.completions.create({
      model: 'up/gemini-2.0-flash-exp',
      messages: [{ role: 'user', content: 'Capital of France?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage;
    let finish;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe(expected('gemini/02-text-stream.sse').text);
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 13, completion_tokens: 8, total_tokens: 21 });
    expect(harness.upstream.requests.at(-1)?.url).toBe('/models/gemini-2.0-flash-exp:streamGenerateContent?alt=sse');
    lastGemini('streamGenerateContent');
  });

  it('streams a function call as one argument delta', async () => {
    reply = replaySse('gemini/07-function-call-stream.sse');
    const stream = await openai.chat.completions.create({
      model: 'up/gemini-3-pro-preview',
      messages: [{ role: 'user', content: 'Which country?' }],
      tools: [{ type: 'function', function: { name: 'get_country' } }],
      stream: true,
    });
    const deltas: string[] = [];
    let finish;
    for await (const chunk of stream) {
      for (const call of chunk.choices[0]?.delta.tool_calls ?? [])
        if (call.function?.arguments) deltas.push(call.function.arguments);
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(deltas).toEqual(['{}']);
    expect(finish).toBe('tool_calls');
  });

  it('maps n, reasoning_effort and a json_schema response format', async () => {
    reply = replayJson('gemini/11-structured-output.json');
    const completion = await openai.chat.completions.create({
      model: 'up/gemini-2.5-flash',
      messages: [{ role: 'user', content: 'Largest city of Mexico?' }],
      n: 2,
      reasoning_effort: 'low',
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'city',
          schema: {
            type: 'object',
            properties: { city: { type: 'string' }, country: { type: 'string' } },
            required: ['city', 'country'],
          },
        },
      },
    });
    expect(JSON.parse(completion.choices[0]?.message.content ?? '')).toEqual({
      city: 'Mexico City',
      country: 'Mexico',
    });
    expect(lastGemini('generateContent').generationConfig).toMatchObject({
      candidateCount: 2,
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object', properties: { city: { type: 'string' } } },
      thinkingConfig: { thinkingBudget: 1024 },
    });
  });

  it('maps MAX_TOKENS to length', async () => {
    reply = replayJson('gemini/09-max-tokens.json');
    const completion = await openai.chat.completions.create({
      model: 'up/gemini-2.5-flash',
      messages: [{ role: 'user', content: 'Capital of France?' }],
      max_tokens: 5,
    });
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect(completion.choices[0]?.message.content).toBe(expected('gemini/09-max-tokens.json').text);
  });

  it('carries thoughts as reasoning_content', async () => {
    reply = geminiAnswer(thinkingParts);
    const { data, response } = await openai.chat.completions
      .create({
        model: 'up/gemini-2.5-flash',
        messages: [{ role: 'user', content: 'Capital of France?' }],
        reasoning_effort: 'low',
      })
      .withResponse();
    expect(data.choices[0]?.message.content).toBe('Paris.');
    expect((data.choices[0]?.message as unknown as { reasoning_content?: string }).reasoning_content).toBe(
      'Let me think.',
    );
    expect(response.headers.get('x-interlingua-route')).toContain('translated:openai-chat>gemini');
  });

  it.each([
    ['SAFETY', 'content_filter'],
    ['RECITATION', 'content_filter'],
    ['MAX_TOKENS', 'length'],
    ['STOP', 'stop'],
  ])('maps finishReason %s to %s', async (geminiReason, chatReason) => {
    reply = geminiAnswer([{ text: 'partial' }], geminiReason);
    const completion = await openai.chat.completions.create({
      model: 'up/gemini-2.5-flash',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(completion.choices[0]?.finish_reason).toBe(chatReason);
  });

  it('answers a blocked prompt as a content filter stop', async () => {
    reply = (_request, response) =>
      sendJson(response, 200, {
        promptFeedback: { blockReason: 'SAFETY' },
        usageMetadata: { promptTokenCount: 4, totalTokenCount: 4 },
        modelVersion: 'gemini-2.5-flash',
      });
    const completion = await openai.chat.completions.create({
      model: 'up/gemini-2.5-flash',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(completion.choices[0]?.finish_reason).toBe('content_filter');
  });

  it('sends a data URL image inline and reports an image answer chat cannot carry', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    reply = geminiAnswer([{ text: 'Here it is' }, { inlineData: { mimeType: 'image/png', data: png } }]);
    const { data, response } = await openai.chat.completions
      .create({
        model: 'up/gemini-2.5-flash-image',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
              { type: 'text', text: 'Redraw' },
            ],
          },
        ],
      })
      .withResponse();
    expect(lastGemini('generateContent').contents[0]?.parts).toEqual([
      { inlineData: { mimeType: 'image/png', data: png } },
      { text: 'Redraw' },
    ]);
    expect(data.choices[0]?.message.content).toContain('Here it is');
    expect(response.headers.get('x-interlingua-warnings') ?? '').toMatch(/image|file/);
  });

  it('answers Gemini errors in OpenAI shape', async () => {
    reply = replayJson('gemini/14-error-429-quota.json');
    await expect(
      openai.chat.completions.create({ model: 'up/gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    reply = replayJson('gemini/13-error-404-model-not-found.json');
    await expect(
      openai.chat.completions.create({ model: 'up/gemini-3.6-flahs', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });
});

describe('Anthropic Messages callers to a Gemini upstream', () => {
  it('answers text with Anthropic usage semantics', async () => {
    reply = replayJson('gemini/01-text.json');
    const message = await anthropic.messages.create({
      model: 'up/gemini-3-pro-preview',
      max_tokens: 1024,
      system: 'Be terse',
      messages: [{ role: 'user', content: 'How many r in strawberry?' }],
    });
    const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
    expect(text).toBe(expected('gemini/01-text.json').text);
    expect(message.stop_reason).toBe('end_turn');
    const usage = usageOf('gemini/01-text.json');
    expect(message.usage).toMatchObject({
      input_tokens: usage.promptTokenCount,
      output_tokens: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
    });
    expect(lastGemini('generateContent')).toMatchObject({
      systemInstruction: { parts: [{ text: 'Be terse' }] },
      generationConfig: { maxOutputTokens: 1024 },
    });
  });

  it('uses a tool over two turns, the tool_result sent as a functionResponse with the name, the call signed with its own signature again', async () => {
    reply = replies(replayJson('gemini/05-function-call.json'), replayJson('gemini/01-text.json'));
    const tools: Anthropic.Tool[] = [
      { name: 'weather', input_schema: { type: 'object', properties: { location: { type: 'string' } } } },
    ];
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in San Francisco?' }];
    const first = await anthropic.messages.create({
      model: 'up/gemini-3-pro-preview',
      max_tokens: 1024,
      messages,
      tools,
    });
    expect(first.stop_reason).toBe('tool_use');
    const use = first.content.find((block) => block.type === 'tool_use');
    expect(use).toMatchObject({
      name: 'weather',
      input: { location: 'San Francisco' },
      id: expect.stringMatching(/^[a-zA-Z0-9_-]+$/),
    });
    await anthropic.messages.create({
      model: 'up/gemini-3-pro-preview',
      max_tokens: 1024,
      tools,
      messages: [
        ...messages,
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: use?.type === 'tool_use' ? use.id : '', content: 'Sunny, 18 C' },
          ],
        },
      ],
    });
    const contents = lastGemini('generateContent').contents;
    const signature = recordedCallSignature();
    expect(signature).toBeDefined();
    expect(contents[1]?.parts.at(-1)).toMatchObject({ functionCall: { name: 'weather' }, thoughtSignature: signature });
    expect(contents[2]?.parts).toEqual([
      { functionResponse: { name: 'weather', response: { result: 'Sunny, 18 C' } } },
    ]);
  });

  it('streams the recorded answer with its trailing signature', async () => {
    reply = replaySse('gemini/03-text-stream-trailing-signature.chunks.jsonl');
    const stream = anthropic.messages.stream({
      model: 'up/gemini-3-pro-preview',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'How many r in strawberry?' }],
    });
    const final = await stream.finalMessage();
    const text = final.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
    expect(text).toBe(expected('gemini/03-text-stream-trailing-signature.chunks.jsonl').text);
    expect(final.usage.output_tokens).toBe(23 + 185);
  });

  it('streams a tool use', async () => {
    reply = replaySse('gemini/07-function-call-stream.sse');
    const stream = anthropic.messages.stream({
      model: 'up/gemini-3-pro-preview',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'Which country?' }],
      tools: [{ name: 'get_country', input_schema: { type: 'object' } }],
    });
    const final = await stream.finalMessage();
    expect(final.content.find((block) => block.type === 'tool_use')).toMatchObject({ name: 'get_country', input: {} });
    expect(final.stop_reason).toBe('tool_use');
  });

  it('maps thinking budgets to thinkingConfig', async () => {
    reply = replayJson('gemini/01-text.json');
    await anthropic.messages.create({
      model: 'up/gemini-2.5-flash',
      max_tokens: 4096,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(lastGemini('generateContent').generationConfig?.thinkingConfig).toEqual({
      thinkingBudget: 2048,
      includeThoughts: true,
    });
  });

  it('shows Gemini thoughts as thinking blocks signed by a gateway carrier, never by the Gemini signature itself', async () => {
    reply = geminiAnswer(thinkingParts);
    const message = await anthropic.messages.create({
      model: 'up/gemini-2.5-flash',
      max_tokens: 4096,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [{ role: 'user', content: 'Capital of France?' }],
    });
    const thinking = message.content.flatMap((block) => (block.type === 'thinking' ? [block] : []));
    expect(thinking[0]).toMatchObject({ thinking: 'Let me think.', signature: expect.stringMatching(/^iLgRsN01/) });
    expect(
      thinking.every((block) => block.signature.startsWith('iLgRsN01') && !block.signature.includes('c2lnbmF0dXJl')),
    ).toBe(true);
    expect(message.content.find((block) => block.type === 'text')).toMatchObject({ text: 'Paris.' });
    expect(message.usage).toMatchObject({ input_tokens: 4, output_tokens: 16 });
  });

  it('maps SAFETY to refusal', async () => {
    reply = geminiAnswer([{ text: 'no' }], 'SAFETY');
    const message = await anthropic.messages.create({
      model: 'up/gemini-2.5-flash',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.stop_reason).toBe('refusal');
  });

  it('answers a Gemini 404 as an Anthropic not_found_error', async () => {
    reply = replayJson('gemini/13-error-404-model-not-found.json');
    const error = await anthropic.messages
      .create({ model: 'up/gemini-3.6-flahs', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
  });
});

describe('OpenAI Responses callers to a Gemini upstream', () => {
  it('answers text', async () => {
    reply = replayJson('gemini/01-text.json');
    const response = await openai.responses.create({
      model: 'up/gemini-3-pro-preview',
      instructions: 'Be terse',
      input: 'How many r in strawberry?',
    });
    expect(response.output_text).toBe(expected('gemini/01-text.json').text);
    expect(response.usage?.output_tokens_details.reasoning_tokens).toBe(
      usageOf('gemini/01-text.json').thoughtsTokenCount,
    );
    expect(lastGemini('generateContent').systemInstruction?.parts).toEqual([{ text: 'Be terse' }]);
  });

  it('calls a function over two turns', async () => {
    reply = replies(replayJson('gemini/05-function-call.json'), replayJson('gemini/01-text.json'));
    const tools: OpenAI.Responses.Tool[] = [
      {
        type: 'function',
        name: 'weather',
        strict: false,
        parameters: { type: 'object', properties: { location: { type: 'string' } } },
      },
    ];
    const first = await openai.responses.create({
      model: 'up/gemini-3-pro-preview',
      input: 'Weather in San Francisco?',
      tools,
      store: false,
    });
    const call = first.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({
      name: 'weather',
      arguments: '{"location":"San Francisco"}',
      call_id: expect.any(String),
    });
    const second = await openai.responses.create({
      model: 'up/gemini-3-pro-preview',
      tools,
      store: false,
      input: [
        { role: 'user', content: 'Weather in San Francisco?' },
        ...(call ? [call] : []),
        { type: 'function_call_output', call_id: call?.type === 'function_call' ? call.call_id : '', output: 'Sunny' },
      ],
    });
    expect(second.output_text).toBe(expected('gemini/01-text.json').text);
    const contents = lastGemini('generateContent').contents;
    expect(contents.at(-1)?.parts).toEqual([{ functionResponse: { name: 'weather', response: { result: 'Sunny' } } }]);
  });

  it('streams text', async () => {
    reply = replaySse('gemini/02-text-stream.sse');
    const stream = await openai.responses.create({
      model: 'up/gemini-2.0-flash-exp',
      input: 'Capital of France?',
      stream: true,
    });
    let text = '';
    let completed = false;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = true;
    }
    expect(text).toBe(expected('gemini/02-text-stream.sse').text);
    expect(completed).toBe(true);
  });

  it('shows Gemini thoughts as a reasoning summary', async () => {
    reply = geminiAnswer(thinkingParts);
    const response = await openai.responses.create({
      model: 'up/gemini-2.5-flash',
      input: 'Capital of France?',
      reasoning: { effort: 'low', summary: 'auto' },
    });
    expect(response.output_text).toBe('Paris.');
    const reasoning = response.output.find((item) => item.type === 'reasoning');
    expect(reasoning?.type === 'reasoning' && reasoning.summary.map((part) => part.text).join('')).toBe(
      'Let me think.',
    );
  });

  it('maps reasoning effort to a thinking budget with thoughts', async () => {
    reply = replayJson('gemini/01-text.json');
    await openai.responses.create({
      model: 'up/gemini-2.5-flash',
      input: 'hi',
      reasoning: { effort: 'medium', summary: 'auto' },
    });
    expect(lastGemini('generateContent').generationConfig?.thinkingConfig).toEqual({
      thinkingBudget: 8192,
      includeThoughts: true,
    });
  });
});
