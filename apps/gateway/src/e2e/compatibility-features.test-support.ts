import type { IrContentPart, IrFinishReasonValue, IrResponse } from '@interlingua/ir';
import { usageFrom } from '@interlingua/ir';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { PIXEL_PNG } from './anthropic-e2e.test-support.js';
import type { InboundStyle } from './inbound-callers.test-support.js';
import type { ConversationKind } from './reasoning-switch.test-support.js';
import {
  TEXT,
  WEATHER_CALL,
  sameForAll,
  tools,
  carriesTools,
  carriesReasoning,
  carriesSchema,
  imageRequest,
  reasoningRequest,
  structuredRequest,
  cachingRequest,
  carriesCacheIntent,
} from './compatibility-feature-requests.test-support.js';

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
