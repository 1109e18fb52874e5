import type { IrContentPart, IrFinishReasonValue, IrResponse } from '@interlingua/ir';
import { usageFrom } from '@interlingua/ir';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { PIXEL_PNG } from './anthropic-e2e.test-support.js';
import type { InboundStyle } from './inbound-callers.test-support.js';
import type { ConversationKind } from './reasoning-switch.test-support.js';

/** The features the compatibility matrix checks, in the order of its rows. */
export type FeatureId =
  | 'text'
  | 'streaming'
  | 'tools'
  | 'streamed-tool-arguments'
  | 'parallel-tools'
  | 'images-in'
  | 'reasoning'
  | 'structured-output'
  | 'usage'
  | 'caching'
  | 'caching-stream'
  | 'errors'
  | 'websocket'
  | 'reasoning-replay'
  | 'provider-switch';

/** What the caller must get back, whatever the styles on either side. */
export interface ExpectedAnswer {
  text?: string;
  reasoning?: string;
  toolCalls?: Array<{ name: string; args: Record<string, unknown> }>;
  finish: IrFinishReasonValue;
  usage?: { inputTokens: number; outputTokens: number; cacheReadTokens?: number; cacheWriteTokens?: number };
}

/** The upstream's answer to an `errors` case: its status, message and `retry-after`. */
export const UPSTREAM_ERROR = { status: 429, message: 'Rate limit reached, slow down', retryAfter: '3' } as const;

export interface Feature {
  id: FeatureId;
  title: string;
  stream: boolean;
  /** Body fields in each caller style that ask for the feature (merged over the plain request). */
  request: Record<InboundStyle, Record<string, unknown>>;
  /** Whether the upstream request carried the feature: a problem, or undefined. */
  carried?(wire: GenerationStyle, body: Record<string, unknown>): string | undefined;
  /** The answer from an upstream speaking a wire; `errors` has none (the upstream fails). */
  answer?: ExpectedAnswer;
  /** What the `mock` provider answers (its own deterministic policy); none: not applicable. */
  mock?: ExpectedAnswer | 'any-usage';
  /** The caller styles the row applies to (others show 'not applicable'); all when left out. */
  styles?: readonly InboundStyle[];
  /** `websocket`: the request goes as a `response.create` message over the Responses WebSocket mode. */
  transport?: 'websocket';
  /**
   * A three-step tool conversation with thinking through the caller style's official SDK, against
   * upstreams that verify reasoning artefacts like the providers: `replay` stays on the cell's
   * upstream, `switch` goes to another family on the second step and comes back.
   */
  conversation?: ConversationKind;
}

const CITY_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};
const TIME_SCHEMA = {
  type: 'object',
  properties: { zone: { type: 'string' } },
  required: ['zone'],
  additionalProperties: false,
};
const TOOLS = [
  { name: 'get_weather', description: 'Weather in a city', schema: CITY_SCHEMA },
  { name: 'get_time', description: 'Time in a zone', schema: TIME_SCHEMA },
];
const TEXT = 'The capital of France is Paris.';
const WEATHER_CALL = { name: 'get_weather', args: { city: 'Paris' } };

/** Tool definitions in a caller style. */
function toolFields(style: InboundStyle, count: number): Record<string, unknown> {
  const tools = TOOLS.slice(0, count);
  switch (style) {
    case 'openai-chat':
      return {
        tools: tools.map((t) => ({
          type: 'function',
          function: { name: t.name, description: t.description, parameters: t.schema },
        })),
      };
    case 'openai-responses':
      return {
        tools: tools.map((t) => ({
          type: 'function',
          name: t.name,
          description: t.description,
          parameters: t.schema,
          strict: false,
        })),
      };
    case 'anthropic-messages':
      return { tools: tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.schema })) };
    case 'gemini':
      return {
        tools: [
          {
            functionDeclarations: tools.map((t) => ({
              name: t.name,
              description: t.description,
              parameters: t.schema,
            })),
          },
        ],
      };
  }
}

const sameForAll = (fields: Record<string, unknown>): Record<InboundStyle, Record<string, unknown>> => ({
  'openai-chat': fields,
  'openai-responses': fields,
  'anthropic-messages': fields,
  gemini: fields,
});
const tools = (count: number) => ({
  'openai-chat': toolFields('openai-chat', count),
  'openai-responses': toolFields('openai-responses', count),
  'anthropic-messages': toolFields('anthropic-messages', count),
  gemini: toolFields('gemini', count),
});

/** The tool names an upstream request declares, per wire. */
export function upstreamToolNames(wire: GenerationStyle, body: Record<string, unknown>): string[] {
  const list = (Array.isArray(body.tools) ? body.tools : []) as Array<Record<string, unknown>>;
  if (wire === 'openai-chat') return list.map((t) => String((t.function as { name?: unknown } | undefined)?.name));
  if (wire === 'gemini')
    return list.flatMap((t) => ((t.functionDeclarations ?? []) as Array<{ name: string }>).map((d) => d.name));
  return list.map((t) => String(t.name));
}

function carriesTools(count: number) {
  return (wire: GenerationStyle, body: Record<string, unknown>): string | undefined => {
    const names = upstreamToolNames(wire, body);
    const wanted = TOOLS.slice(0, count).map((t) => t.name);
    return wanted.every((name) => names.includes(name))
      ? undefined
      : `the upstream request declared tools [${names.join(', ')}]`;
  };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Whether an upstream request asks for reasoning, per wire. */
function carriesReasoning(wire: GenerationStyle, body: Record<string, unknown>): string | undefined {
  const asked =
    wire === 'openai-chat'
      ? body.reasoning_effort !== undefined
      : wire === 'openai-responses'
        ? body.reasoning !== undefined
        : wire === 'anthropic-messages'
          ? record(body.thinking).type === 'enabled'
          : record(record(body.generationConfig).thinkingConfig).thinkingBudget !== undefined;
  return asked ? undefined : 'the upstream request did not ask for reasoning';
}

/** Whether an upstream request carries the JSON schema, per wire. */
function carriesSchema(wire: GenerationStyle, body: Record<string, unknown>): string | undefined {
  const schema =
    wire === 'openai-chat'
      ? record(record(body.response_format).json_schema).schema
      : wire === 'openai-responses'
        ? record(record(body.text).format).schema
        : wire === 'anthropic-messages'
          ? record(record(body.output_config).format).schema
          : (record(body.generationConfig).responseJsonSchema ?? record(body.generationConfig).responseSchema);
  return JSON.stringify(schema ?? null).includes('"city"')
    ? undefined
    : 'the upstream request did not carry the JSON schema';
}

const imageRequest: Record<InboundStyle, Record<string, unknown>> = {
  'openai-chat': {
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL_PNG}` } },
        ],
      },
    ],
  },
  'openai-responses': {
    input: [
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'What is this?' },
          { type: 'input_image', image_url: `data:image/png;base64,${PIXEL_PNG}`, detail: 'auto' },
        ],
      },
    ],
  },
  'anthropic-messages': {
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
        ],
      },
    ],
  },
  gemini: {
    contents: [
      { role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: PIXEL_PNG } }] },
    ],
  },
};

const reasoningRequest: Record<InboundStyle, Record<string, unknown>> = {
  'openai-chat': { reasoning_effort: 'low' },
  'openai-responses': { reasoning: { effort: 'low', summary: 'auto' } },
  'anthropic-messages': { max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 1024 } },
  gemini: { generationConfig: { thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } } },
};

const structuredRequest: Record<InboundStyle, Record<string, unknown>> = {
  'openai-chat': {
    response_format: { type: 'json_schema', json_schema: { name: 'city', schema: CITY_SCHEMA, strict: true } },
  },
  'openai-responses': { text: { format: { type: 'json_schema', name: 'city', schema: CITY_SCHEMA, strict: true } } },
  'anthropic-messages': { output_config: { format: { type: 'json_schema', schema: CITY_SCHEMA } } },
  gemini: { generationConfig: { responseMimeType: 'application/json', responseJsonSchema: CITY_SCHEMA } },
};

/** Each caller style's way of asking for prompt caching (Gemini caches by itself: nothing to ask). */
const cachingRequest = (stream: boolean): Record<InboundStyle, Record<string, unknown>> => ({
  'openai-chat': { prompt_cache_key: 'compat-cache', ...(stream ? { stream_options: { include_usage: true } } : {}) },
  'openai-responses': { prompt_cache_key: 'compat-cache' },
  'anthropic-messages': {
    system: [{ type: 'text', text: 'Answer in one sentence.', cache_control: { type: 'ephemeral' } }],
  },
  gemini: {},
});

/**
 * Anthropic upstreams cache only at breakpoints: the request must carry one (the caller's, or
 * the route's automatic ones). No other upstream may receive Anthropic's markers.
 */
function carriesCacheIntent(wire: GenerationStyle, body: Record<string, unknown>): string | undefined {
  const marked = JSON.stringify(body).includes('"cache_control"');
  if (wire === 'anthropic-messages') return marked ? undefined : 'the upstream request carried no cache breakpoint';
  return marked ? 'cache_control leaked to an upstream that does not know it' : undefined;
}

/** 1200 prompt tokens: 1000 read from the cache, 150 written to it, 50 plain. */
const CACHED_USAGE = { inputTokens: 1200, outputTokens: 7, cacheReadTokens: 1000, cacheWriteTokens: 150 } as const;

/** Gemini says nothing of cache writes, neither as upstream nor to its callers: no write to expect there. */
export function expectationFor(
  expected: ExpectedAnswer,
  style: InboundStyle,
  upstream: GenerationStyle | 'mock',
): ExpectedAnswer {
  if (!expected.usage || (style !== 'gemini' && upstream !== 'gemini')) return expected;
  const { cacheWriteTokens: _writes, ...usage } = expected.usage;
  return { ...expected, usage };
}

const MOCK_TEXT: ExpectedAnswer = { text: 'You said: Hello', finish: 'stop' };
const MOCK_CALL: ExpectedAnswer = {
  toolCalls: [{ name: 'get_weather', args: { city: 'mock' } }],
  finish: 'tool-calls',
};

/** Every feature of the matrix. */
export const FEATURES: readonly Feature[] = [
  {
    id: 'text',
    title: 'Text',
    stream: false,
    request: sameForAll({}),
    answer: { text: TEXT, finish: 'stop' },
    mock: MOCK_TEXT,
  },
  {
    id: 'streaming',
    title: 'Streaming',
    stream: true,
    request: sameForAll({}),
    answer: { text: TEXT, finish: 'stop' },
    mock: MOCK_TEXT,
  },
  {
    id: 'tools',
    title: 'Tools',
    stream: false,
    request: tools(1),
    carried: carriesTools(1),
    answer: { toolCalls: [WEATHER_CALL], finish: 'tool-calls' },
    mock: MOCK_CALL,
  },
  {
    id: 'streamed-tool-arguments',
    title: 'Streamed tool arguments',
    stream: true,
    request: tools(1),
    carried: carriesTools(1),
    answer: { toolCalls: [WEATHER_CALL], finish: 'tool-calls' },
    mock: MOCK_CALL,
  },
  {
    id: 'parallel-tools',
    title: 'Parallel tool calls',
    stream: false,
    request: tools(2),
    carried: carriesTools(2),
    answer: { toolCalls: [WEATHER_CALL, { name: 'get_time', args: { zone: 'Asia/Tokyo' } }], finish: 'tool-calls' },
    // The mock calls one tool: the cell shows it.
    mock: { toolCalls: [WEATHER_CALL, { name: 'get_time', args: { zone: 'Asia/Tokyo' } }], finish: 'tool-calls' },
  },
  {
    id: 'images-in',
    title: 'Images in',
    stream: false,
    request: imageRequest,
    carried: (_wire, body) =>
      JSON.stringify(body).includes(PIXEL_PNG) ? undefined : 'the upstream request did not carry the image',
    answer: { text: 'A single white pixel.', finish: 'stop' },
    mock: { text: 'You said: What is this? [image/png]', finish: 'stop' },
  },
  {
    id: 'reasoning',
    title: 'Reasoning',
    stream: false,
    request: reasoningRequest,
    carried: carriesReasoning,
    answer: { reasoning: 'The user wants the capital.', text: TEXT, finish: 'stop' },
    mock: { reasoning: 'The request has 1 message(s).', text: 'You said: Hello', finish: 'stop' },
  },
  {
    id: 'structured-output',
    title: 'Structured output',
    stream: false,
    request: structuredRequest,
    carried: carriesSchema,
    answer: { text: '{"city":"Paris"}', finish: 'stop' },
    mock: { text: '{"city":"mock"}', finish: 'stop' },
  },
  {
    id: 'usage',
    title: 'Usage',
    stream: false,
    request: sameForAll({}),
    answer: { text: TEXT, finish: 'stop', usage: { inputTokens: 12, outputTokens: 7 } },
    mock: 'any-usage',
  },
  {
    id: 'caching',
    title: 'Caching read/write reported',
    stream: false,
    request: cachingRequest(false),
    carried: carriesCacheIntent,
    answer: { text: TEXT, finish: 'stop', usage: CACHED_USAGE },
  },
  {
    id: 'caching-stream',
    title: 'Caching read/write reported (stream)',
    stream: true,
    request: cachingRequest(true),
    carried: carriesCacheIntent,
    answer: { text: TEXT, finish: 'stop', usage: CACHED_USAGE },
  },
  { id: 'errors', title: 'Errors', stream: false, request: sameForAll({}) },
  {
    id: 'websocket',
    title: 'WebSocket',
    stream: true,
    transport: 'websocket',
    styles: ['openai-responses'],
    request: sameForAll({}),
    answer: { text: TEXT, finish: 'stop' },
    mock: MOCK_TEXT,
  },
  { id: 'reasoning-replay', title: 'Reasoning replay', stream: false, conversation: 'replay', request: sameForAll({}) },
  { id: 'provider-switch', title: 'Provider switch', stream: false, conversation: 'switch', request: sameForAll({}) },
];

/** The IR answer an upstream gives for an expected answer (encoded by the upstream wire's codec). */
export function irAnswer(expected: ExpectedAnswer, wire: GenerationStyle): IrResponse {
  const content: IrContentPart[] = [];
  const origin = wire === 'anthropic-messages' ? 'anthropic' : wire === 'gemini' ? 'gemini' : 'openai';
  if (expected.reasoning !== undefined) {
    content.push({
      type: 'reasoning',
      text: expected.reasoning,
      opaque: { origin, kind: origin === 'openai' ? 'encrypted' : 'signature', data: 'c2lnbmF0dXJl', itemId: 'rs_1' },
    });
  }
  if (expected.text !== undefined) content.push({ type: 'text', text: expected.text });
  for (const [i, call] of (expected.toolCalls ?? []).entries())
    content.push({ type: 'tool-call', id: `call_${i + 1}`, name: call.name, argumentsJson: JSON.stringify(call.args) });
  const { cacheWriteTokens, ...usage } = expected.usage ?? { inputTokens: 10, outputTokens: 5 };
  // A Gemini upstream cannot report cache writes: they are plain prompt tokens there.
  if (cacheWriteTokens !== undefined && wire !== 'gemini') Object.assign(usage, { cacheWriteTokens });
  return {
    id: 'resp_compat_1',
    model: 'upstream-model',
    created: 1_700_000_000,
    choices: [{ index: 0, content, finishReason: { unified: expected.finish, raw: null } }],
    usage: usageFrom(usage),
  };
}
