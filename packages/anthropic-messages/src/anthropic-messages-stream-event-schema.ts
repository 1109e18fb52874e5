import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';
import { ANTHROPIC_STOP_REASONS } from './map/anthropic-stop-reason.js';
import { anthropicStrictUsageSchema } from './anthropic-messages-response-schema.js';

const int = safeInt().check(z.nonnegative());
const index = int;

const messageStart = z.strictObject({
  type: z.literal('message_start'),
  message: z.strictObject({
    id: z.string().check(z.minLength(1)),
    type: z.literal('message'),
    role: z.literal('assistant'),
    model: z.string(),
    content: z.array(z.never()).check(z.length(0)),
    stop_reason: z.null(),
    stop_sequence: z.null(),
    stop_details: z.optional(z.null()),
    usage: anthropicStrictUsageSchema,
  }),
});

const blockStart = z.strictObject({
  type: z.literal('content_block_start'),
  index,
  content_block: z.union([
    z.strictObject({ type: z.literal('text'), text: z.literal(''), citations: z.optional(z.null()) }),
    z.strictObject({ type: z.literal('thinking'), thinking: z.literal(''), signature: z.literal('') }),
    z.strictObject({ type: z.literal('redacted_thinking'), data: z.string() }),
    z.strictObject({
      type: z.literal('tool_use'),
      id: z.string().check(z.regex(/^[a-zA-Z0-9_-]+$/)),
      name: z.string().check(z.minLength(1)),
      input: z.strictObject({}),
    }),
    z.strictObject({
      type: z.literal('server_tool_use'),
      id: z.string().check(z.regex(/^[a-zA-Z0-9_-]+$/)),
      name: z.string().check(z.minLength(1)),
      input: z.strictObject({}),
    }),
    z.looseObject({ type: z.literal('web_search_tool_result'), tool_use_id: z.string(), content: z.unknown() }),
    z.strictObject({
      type: z.literal('mcp_tool_use'),
      id: z.string().check(z.regex(/^[a-zA-Z0-9_-]+$/)),
      name: z.string(),
      server_name: z.string(),
      input: z.strictObject({}),
    }),
    z.strictObject({
      type: z.literal('mcp_tool_result'),
      tool_use_id: z.string(),
      is_error: z.boolean(),
      content: z.array(z.strictObject({ type: z.literal('text'), text: z.string() })),
    }),
  ]),
});

const blockDelta = z.strictObject({
  type: z.literal('content_block_delta'),
  index,
  delta: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('text_delta'), text: z.string() }),
    z.strictObject({ type: z.literal('input_json_delta'), partial_json: z.string() }),
    z.strictObject({ type: z.literal('thinking_delta'), thinking: z.string() }),
    z.strictObject({ type: z.literal('signature_delta'), signature: z.string().check(z.minLength(1)) }),
    z.strictObject({ type: z.literal('citations_delta'), citation: z.looseObject({ type: z.string() }) }),
  ]),
});

const blockStop = z.strictObject({ type: z.literal('content_block_stop'), index });

const messageDelta = z.strictObject({
  type: z.literal('message_delta'),
  delta: z.strictObject({
    stop_reason: z.nullable(z.literal(ANTHROPIC_STOP_REASONS)),
    stop_sequence: z.nullable(z.string()),
    stop_details: z.nullish(z.looseObject({ type: z.string() })),
    container: z.nullish(z.looseObject({ id: z.string() })),
  }),
  usage: z.strictObject({
    output_tokens: int,
    input_tokens: z.nullish(int),
    cache_creation_input_tokens: z.nullish(int),
    cache_read_input_tokens: z.nullish(int),
    output_tokens_details: z.nullish(z.strictObject({ thinking_tokens: int })),
    server_tool_use: z.nullish(z.looseObject({})),
  }),
});

const messageStop = z.strictObject({ type: z.literal('message_stop') });
const ping = z.strictObject({ type: z.literal('ping') });
const error = z.strictObject({
  type: z.literal('error'),
  error: z.strictObject({ type: z.string().check(z.minLength(1)), message: z.string() }),
});

/**
 * One streamed event as the official SDK accepts it (the SSE `event:` name must equal `type`).
 * Strict: used to check what the encoder emits.
 */
export const anthropicMessagesStrictStreamEventSchema = z.discriminatedUnion('type', [
  messageStart,
  blockStart,
  blockDelta,
  blockStop,
  messageDelta,
  messageStop,
  ping,
  error,
]);

export type AnthropicMessagesStreamEvent = z.infer<typeof anthropicMessagesStrictStreamEventSchema>;
/** @deprecated Use `AnthropicMessagesStreamEvent`. */
export type AnthropicStreamEvent = AnthropicMessagesStreamEvent;
export type AnthropicMessageStartEvent = z.infer<typeof messageStart>;
export type AnthropicContentBlockStartEvent = z.infer<typeof blockStart>;
export type AnthropicContentBlockDeltaEvent = z.infer<typeof blockDelta>;
export type AnthropicMessageDeltaEvent = z.infer<typeof messageDelta>;
export type AnthropicErrorEvent = z.infer<typeof error>;
