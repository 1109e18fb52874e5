import { anthropicMessagesRequestBodyToIr, type AnthropicCountTokensRequest } from '@interlingua/anthropic-messages';
import { MAX_MODEL_NAME_LENGTH, type IrRequest } from '@interlingua/ir';

/** Top-level fields of a plain request: each read below, and each one the IR carries. */
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
]);

const optional = (value: unknown, check: (present: unknown) => boolean): boolean => value === undefined || check(value);
/** A number from 0 to 1 (Anthropic's range for `temperature` and `top_p`). */
const isUnit = (value: unknown): boolean => typeof value === 'number' && value >= 0 && value <= 1;
const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
const isString = (value: unknown): boolean => typeof value === 'string';

/** A turn of text only: `{ role: 'user' | 'assistant', content: '…' }`, nothing else. */
function isPlainTurn(turn: unknown): boolean {
  if (typeof turn !== 'object' || turn === null || Array.isArray(turn)) return false;
  const { role, content } = turn as Record<string, unknown>;
  return Object.keys(turn).length === 2 && (role === 'user' || role === 'assistant') && typeof content === 'string';
}

/**
 * The request of an Anthropic Messages caller in IR, read by hand when the body has the plain
 * shape most requests have: text turns, a text system prompt, the sampling fields, `stream`.
 * Such a body is accepted by the request schema exactly as it is, so the IR is the schema's.
 * Anything else (content blocks, tools, thinking, metadata, an unknown field, a wrong type)
 * gives undefined: the request schema reads it and names what is wrong.
 */
export function plainAnthropicRequestToIr(body: Record<string, unknown>): IrRequest | undefined {
  for (const key of Object.keys(body)) if (!PLAIN_FIELDS.has(key)) return undefined;
  const { model, max_tokens, messages, system, stream, temperature, top_p, top_k, stop_sequences } = body;
  const plain =
    typeof model === 'string' &&
    model !== '' &&
    model.length <= MAX_MODEL_NAME_LENGTH &&
    isCount(max_tokens) &&
    Array.isArray(messages) &&
    messages.every(isPlainTurn) &&
    optional(system, isString) &&
    optional(stream, (value) => typeof value === 'boolean') &&
    optional(temperature, isUnit) &&
    optional(top_p, isUnit) &&
    optional(top_k, isCount) &&
    optional(stop_sequences, (value) => Array.isArray(value) && value.every(isString));
  if (!plain) return undefined;
  // The schema hands over copies: the IR shares no array with the caller's body.
  const read = Array.isArray(stop_sequences) ? { ...body, stop_sequences: [...(stop_sequences as string[])] } : body;
  return anthropicMessagesRequestBodyToIr(read as AnthropicCountTokensRequest);
}
