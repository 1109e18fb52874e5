import type { GenerationStyle } from '@interlingua/provider-adapters';
import { PIXEL_PNG } from './anthropic-e2e.test-support.js';
import type { InboundStyle } from './inbound-callers.test-support.js';

/** The compatibility features' requests in each caller style, and how each upstream wire shows it got them. */

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
export const TEXT = 'The capital of France is Paris.';
export const WEATHER_CALL = { name: 'get_weather', args: { city: 'Paris' } };

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

export const sameForAll = (fields: Record<string, unknown>): Record<InboundStyle, Record<string, unknown>> => ({
  'openai-chat': fields,
  'openai-responses': fields,
  'anthropic-messages': fields,
  gemini: fields,
});
export const tools = (count: number) => ({
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

export function carriesTools(count: number) {
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
export function carriesReasoning(wire: GenerationStyle, body: Record<string, unknown>): string | undefined {
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
export function carriesSchema(wire: GenerationStyle, body: Record<string, unknown>): string | undefined {
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

export const imageRequest: Record<InboundStyle, Record<string, unknown>> = {
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

export const reasoningRequest: Record<InboundStyle, Record<string, unknown>> = {
  'openai-chat': { reasoning_effort: 'low' },
  'openai-responses': { reasoning: { effort: 'low', summary: 'auto' } },
  'anthropic-messages': { max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 1024 } },
  gemini: { generationConfig: { thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } } },
};

export const structuredRequest: Record<InboundStyle, Record<string, unknown>> = {
  'openai-chat': {
    response_format: { type: 'json_schema', json_schema: { name: 'city', schema: CITY_SCHEMA, strict: true } },
  },
  'openai-responses': { text: { format: { type: 'json_schema', name: 'city', schema: CITY_SCHEMA, strict: true } } },
  'anthropic-messages': { output_config: { format: { type: 'json_schema', schema: CITY_SCHEMA } } },
  gemini: { generationConfig: { responseMimeType: 'application/json', responseJsonSchema: CITY_SCHEMA } },
};

/** Each caller style's way of asking for prompt caching (Gemini caches by itself: nothing to ask). */
export const cachingRequest = (stream: boolean): Record<InboundStyle, Record<string, unknown>> => ({
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
export function carriesCacheIntent(wire: GenerationStyle, body: Record<string, unknown>): string | undefined {
  const marked = JSON.stringify(body).includes('"cache_control"');
  if (wire === 'anthropic-messages') return marked ? undefined : 'the upstream request carried no cache breakpoint';
  return marked ? 'cache_control leaked to an upstream that does not know it' : undefined;
}
