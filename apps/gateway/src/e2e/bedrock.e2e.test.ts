import Anthropic from '@anthropic-ai/sdk';
import { ApiError, type GoogleGenAI } from '@google/genai';
import { loadRecording } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AWS_CREDENTIALS,
  BEDROCK_PROVIDER,
  awsSide,
  bedrockUpstream,
  converseStream,
  lastConverseBody,
  replayConverse,
  replayToolStream,
  textStream,
  type Reply,
} from './bedrock-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { geminiClient } from './gemini-e2e.test-support.js';

let harness: Harness;
let reply: Reply;
let openai: OpenAI;
let anthropic: Anthropic;
let gemini: GoogleGenAI;

const NOVA = 'amazon.nova-micro-v1:0';
const CLAUDE = 'us.anthropic.claude-sonnet-4-20250514-v1:0';
const text = (file: string) => loadRecording(file).expect.text as string;
const capitalTool = {
  name: 'get_capital',
  description: 'The capital of a country',
  parameters: { type: 'object', properties: { country: { type: 'string' } }, required: ['country'] },
};
const temperatureTool = {
  name: 'temperature',
  description: 'Temperature in a city on a date',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, date: { type: 'string' } },
    required: ['city', 'date'],
  },
};

beforeAll(async () => {
  harness = await startHarness(
    bedrockUpstream(() => reply),
    {
      upstreamProvider: BEDROCK_PROVIDER,
      models: [
        { name: 'nova', targets: [{ provider: 'upstream', model: NOVA }] },
        { name: 'claude', targets: [{ provider: 'upstream', model: CLAUDE }], defaultMaxOutputTokens: 2048 },
      ],
    },
  );
  openai = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  anthropic = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  gemini = geminiClient(harness);
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = () => {
    throw new Error('no reply set');
  };
});

afterEach(() => {
  awsSide.credentials = AWS_CREDENTIALS;
});

describe('OpenAI chat callers to Bedrock Converse', () => {
  it('answers text through a signed Converse call', async () => {
    reply = replayConverse('bedrock-converse/01-text.json');
    const { data, response } = await openai.chat.completions
      .create({
        model: 'nova',
        messages: [
          { role: 'system', content: 'Be kind' },
          { role: 'user', content: 'Hello!' },
        ],
        temperature: 0.2,
        max_tokens: 100,
      })
      .withResponse();
    expect(data.choices[0]?.message.content).toBe(text('bedrock-converse/01-text.json'));
    expect(data.usage).toMatchObject({ prompt_tokens: 7, completion_tokens: 39, total_tokens: 46 });
    expect(response.headers.get('x-interlingua-route')).toBe(
      `provider=upstream; model=${NOVA}; attempts=1; path=translated:openai-chat>bedrock-converse`,
    );
    const upstream = harness.upstream.requests.at(-1)!;
    expect(upstream.url).toBe('/model/amazon.nova-micro-v1%3A0/converse');
    expect(upstream.headers['x-amz-security-token']).toBe(AWS_CREDENTIALS.sessionToken);
    expect(lastConverseBody(harness.upstream.requests)).toEqual({
      messages: [{ role: 'user', content: [{ text: 'Hello!' }] }],
      system: [{ text: 'Be kind' }],
      inferenceConfig: { maxTokens: 100, temperature: 0.2 },
    });
  });

  it('carries tools and tool calls over two turns', async () => {
    reply = replayConverse('bedrock-converse/02-tool-use.json');
    const tools = [{ type: 'function' as const, function: temperatureTool }];
    const user = { role: 'user' as const, content: 'What was the temperature in London 1st January 2022?' };
    const first = await openai.chat.completions.create({
      model: 'nova',
      messages: [user],
      tools,
      tool_choice: 'required',
    });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' ? [call.id, call.function.name, JSON.parse(call.function.arguments)] : []).toEqual(
      ['tooluse_xTYmv3jIR0yGxOYLOxSLJg', 'temperature', { city: 'London', date: '2022-01-01' }],
    );
    expect(lastConverseBody(harness.upstream.requests)).toMatchObject({
      toolConfig: {
        tools: [{ toolSpec: { name: 'temperature', inputSchema: { json: temperatureTool.parameters } } }],
        toolChoice: { any: {} },
      },
    });

    reply = replayConverse('bedrock-converse/01-text.json');
    await openai.chat.completions.create({
      model: 'nova',
      messages: [user, first.choices[0]!.message, { role: 'tool', tool_call_id: call!.id, content: '30°C' }],
      tools,
    });
    const messages = lastConverseBody(harness.upstream.requests).messages as Array<{
      role: string;
      content: unknown[];
    }>;
    expect(messages[1]?.content).toContainEqual({
      toolUse: {
        toolUseId: 'tooluse_xTYmv3jIR0yGxOYLOxSLJg',
        name: 'temperature',
        input: { city: 'London', date: '2022-01-01' },
      },
    });
    expect(messages[2]).toEqual({
      role: 'user',
      content: [{ toolResult: { toolUseId: 'tooluse_xTYmv3jIR0yGxOYLOxSLJg', content: [{ text: '30°C' }] } }],
    });
  });

  it('streams a recorded ConverseStream answer with a tool call, usage included', async () => {
    reply = replayToolStream();
    const stream = await openai.chat.completions.create({
      model: 'nova',
      messages: [{ role: 'user', content: 'Temperature of the capital of France?' }],
      tools: [{ type: 'function', function: capitalTool }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let content = '';
    let args = '';
    let name = '';
    let finish: string | null | undefined;
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? '';
      for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
        name ||= call.function?.name ?? '';
        args += call.function?.arguments ?? '';
      }
      finish ??= chunk.choices[0]?.finish_reason;
      usage ??= chunk.usage ?? undefined;
    }
    expect(content).toMatch(/^<thinking> To find the temperature of the capital of France/);
    expect([name, JSON.parse(args)]).toEqual(['get_capital', { country: 'France' }]);
    expect(finish).toBe('tool_calls');
    expect(usage).toMatchObject({ prompt_tokens: 489, completion_tokens: 59 });
    expect(harness.upstream.requests.at(-1)?.url).toBe('/model/amazon.nova-micro-v1%3A0/converse-stream');
  });

  it('answers a bad signature as AWS does, turned into an OpenAI authentication error', async () => {
    awsSide.credentials = { ...AWS_CREDENTIALS, secretAccessKey: 'rotated-secret' };
    const error = await openai.chat.completions
      .create({ model: 'nova', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as Error).message).toMatch(/signature we calculated does not match/);
  });

  it('maps throttling to a rate-limit error, before and after the first streamed byte', async () => {
    reply = replayConverse('bedrock-converse/04-error-429-throttling.json');
    await expect(
      openai.chat.completions.create({ model: 'nova', messages: [{ role: 'user', content: 'Hi' }] }),
    ).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    reply = converseStream([['throttlingException', { message: 'Too many tokens, please wait before trying again.' }]]);
    await expect(
      openai.chat.completions.create({ model: 'nova', messages: [{ role: 'user', content: 'Hi' }], stream: true }),
    ).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    reply = converseStream([
      ['messageStart', { role: 'assistant' }],
      ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Hel' } }],
      ['modelStreamErrorException', { message: 'The model stream failed', originalStatusCode: 500 }],
    ]);
    const stream = await openai.chat.completions.create({
      model: 'nova',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    let seen = '';
    const failure = await (async () => {
      for await (const chunk of stream) seen += chunk.choices[0]?.delta.content ?? '';
    })().catch((e: unknown) => e);
    expect(seen).toBe('Hel');
    expect(String((failure as Error).message)).toMatch(/model stream failed/);
  });
});

describe('Anthropic callers to Claude on Bedrock', () => {
  it('answers with thinking and its signature, and sends them back on the next turn', async () => {
    reply = replayConverse('bedrock-converse/03-reasoning-anthropic.json');
    const user = { role: 'user' as const, content: 'How do I cross the street?' };
    const first = await anthropic.messages.create({
      model: 'claude',
      max_tokens: 4000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [user],
    });
    const thinking = first.content[0];
    expect(thinking?.type === 'thinking' ? [thinking.thinking, thinking.signature.slice(0, 12)] : []).toEqual([
      loadRecording('bedrock-converse/03-reasoning-anthropic.json').expect.reasoning,
      'EqwCCkgICxAB',
    ]);
    expect(first.content[1]).toMatchObject({
      type: 'text',
      text: text('bedrock-converse/03-reasoning-anthropic.json'),
    });
    expect(lastConverseBody(harness.upstream.requests)).toMatchObject({
      additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 1024 } },
      inferenceConfig: { maxTokens: 4000 },
    });

    await anthropic.messages.create({
      model: 'claude',
      max_tokens: 4000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [user, { role: 'assistant', content: first.content }, { role: 'user', content: 'And a river?' }],
    });
    const messages = lastConverseBody(harness.upstream.requests).messages as Array<{
      content: Array<Record<string, unknown>>;
    }>;
    expect(messages[1]?.content[0]).toEqual({
      reasoningContent: {
        reasoningText: {
          text: thinking?.type === 'thinking' ? thinking.thinking : '',
          signature: thinking?.type === 'thinking' ? thinking.signature : '',
        },
      },
    });
  });

  it('streams text and a tool_use block from a recorded ConverseStream answer', async () => {
    reply = replayToolStream();
    const stream = anthropic.messages.stream({
      model: 'claude',
      max_tokens: 500,
      tools: [{ ...capitalTool, input_schema: capitalTool.parameters as Anthropic.Tool.InputSchema }],
      messages: [{ role: 'user', content: 'Capital of France?' }],
    });
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content.map((block) => block.type)).toEqual(['text', 'tool_use']);
    expect(message.content[1]).toMatchObject({
      type: 'tool_use',
      id: 'tooluse_QjQX34XORLu0wJVplWWHGQ',
      name: 'get_capital',
      input: { country: 'France' },
    });
    expect(message.usage).toMatchObject({ input_tokens: 489, output_tokens: 59 });
  });

  it('gets an Anthropic authentication error for a bad signature', async () => {
    awsSide.credentials = { ...AWS_CREDENTIALS, secretAccessKey: 'rotated-secret' };
    await expect(
      anthropic.messages.create({ model: 'claude', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });
});

describe('OpenAI Responses callers to Bedrock Converse', () => {
  it('answers a tool call', async () => {
    reply = replayConverse('bedrock-converse/02-tool-use.json');
    const response = await openai.responses.create({
      model: 'nova',
      input: 'Temperature in London on 2022-01-01?',
      tools: [{ type: 'function', strict: false, ...temperatureTool }],
      store: false,
    });
    const call = response.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ name: 'temperature', call_id: 'tooluse_xTYmv3jIR0yGxOYLOxSLJg' });
    expect(JSON.parse(call?.type === 'function_call' ? call.arguments : '{}')).toEqual({
      city: 'London',
      date: '2022-01-01',
    });
  });

  it('streams text', async () => {
    reply = textStream(['Paris', ' is the capital.']);
    const stream = await openai.responses.create({
      model: 'nova',
      input: 'Capital of France?',
      stream: true,
      store: false,
    });
    let output = '';
    let completed = false;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') output += event.delta;
      if (event.type === 'response.completed') completed = true;
    }
    expect([output, completed]).toEqual(['Paris is the capital.', true]);
  });
});

describe('Gemini callers to Bedrock Converse', () => {
  it('answers a function call', async () => {
    reply = replayConverse('bedrock-converse/02-tool-use.json');
    const response = await gemini.models.generateContent({
      model: 'nova',
      contents: 'Temperature in London on 2022-01-01?',
      config: {
        tools: [
          {
            functionDeclarations: [
              { name: 'temperature', description: 'Temperature', parametersJsonSchema: temperatureTool.parameters },
            ],
          },
        ],
      },
    });
    expect(response.functionCalls?.map((c) => [c.name, c.args])).toEqual([
      ['temperature', { city: 'London', date: '2022-01-01' }],
    ]);
  });

  it('streams text', async () => {
    reply = textStream(['Bonjour', ' le monde']);
    let output = '';
    for await (const chunk of await gemini.models.generateContentStream({ model: 'nova', contents: 'Hi' }))
      output += chunk.text ?? '';
    expect(output).toBe('Bonjour le monde');
  });

  it('gets a Gemini 401 for a bad signature', async () => {
    awsSide.credentials = { ...AWS_CREDENTIALS, secretAccessKey: 'rotated-secret' };
    const error = await gemini.models.generateContent({ model: 'nova', contents: 'Hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });
});
