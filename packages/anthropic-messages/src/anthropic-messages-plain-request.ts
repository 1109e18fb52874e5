import { MAX_MODEL_NAME_LENGTH, type IrRequest } from '@interlingua/ir';
import { anthropicMessagesRequestBodyToIr } from './anthropic-messages-request-to-ir.js';
import type { AnthropicCountTokensRequest } from './anthropic-messages-count-tokens-schema.js';
import {
  isAgentTurn,
  isCustomTool,
  isMetadata,
  isTextBlock,
  isToolChoice,
} from './anthropic-messages-request-shape.js';

/** Top-level fields of a plain request: each checked below, and each one the IR carries. */
const PLAIN_FIELDS: ReadonlySet<string> = new Set([
  'model',
  'max_tokens',
  'messages',
  'system',
  'stream',
  'temperature',
  'top_p',
  'top_k',
  'stop_sequences',
  'tools',
  'tool_choice',
  'metadata',
]);

const optional = (value: unknown, check: (present: unknown) => boolean): boolean => value === undefined || check(value);
/** A number from 0 to 1 (Anthropic's range for `temperature` and `top_p`). */
const isUnit = (value: unknown): boolean => typeof value === 'number' && value >= 0 && value <= 1;
const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
const isString = (value: unknown): boolean => typeof value === 'string';
const arrayOf =
  (check: (item: unknown) => boolean) =>
  (value: unknown): boolean =>
    Array.isArray(value) && value.every(check);

/**
 * The request of an Anthropic Messages caller in IR, read without the request schema when the
 * body has the shape plain chats and coding agents send: text turns or turns of text, tool-call,
 * tool-result and thinking blocks, a text system prompt (or text blocks), custom tools, the tool
 * choice, `metadata.user_id`, the sampling fields, `stream`. Such a body is accepted by the request
 * schema exactly as it is, so the IR is the schema's. The schema walks every block twice (once as
 * a block, once as its kind) and copies each; on an agent's 64 KB conversation that was the larger
 * half of decoding it. Anything else (images, documents, server tools, thinking settings, an
 * unknown field, a wrong type) gives undefined: the request schema reads it and names what is wrong.
 */
export function readPlainAnthropicMessagesRequest(body: Record<string, unknown>): IrRequest | undefined {
  for (const key of Object.keys(body)) if (!PLAIN_FIELDS.has(key)) return undefined;
  const { model, max_tokens, messages, system, stream, temperature, top_p, top_k, stop_sequences } = body;
  const plain =
    typeof model === 'string' &&
    model !== '' &&
    model.length <= MAX_MODEL_NAME_LENGTH &&
    isCount(max_tokens) &&
    arrayOf(isAgentTurn)(messages) &&
    optional(system, (value) => isString(value) || arrayOf(isTextBlock)(value)) &&
    optional(stream, (value) => typeof value === 'boolean') &&
    optional(temperature, isUnit) &&
    optional(top_p, isUnit) &&
    optional(top_k, isCount) &&
    optional(stop_sequences, arrayOf(isString)) &&
    optional(body['tools'], arrayOf(isCustomTool)) &&
    optional(body['tool_choice'], isToolChoice) &&
    optional(body['metadata'], isMetadata);
  if (!plain) return undefined;
  // The schema hands over copies: the IR shares no array with the caller's body.
  const read = Array.isArray(stop_sequences) ? { ...body, stop_sequences: [...(stop_sequences as string[])] } : body;
  return anthropicMessagesRequestBodyToIr(read as AnthropicCountTokensRequest);
}
