import type { OpenAiChatLenientChunk } from './openai-chat-response-schema.js';
import { openAiChatChunkSchema } from './openai-chat-response-schema.js';

/*
 * The stream decoder reads every upstream chunk; running the lenient zod schema on each costs
 * more than the rest of the decoding. Nearly every chunk has one plain shape (strings, nulls, a
 * `choices` array of `delta`s, tool-call fragments), so that shape is checked by hand here and the
 * chunk is used as it is. Anything else (content as an array of parts, a legacy `function_call`,
 * `custom` tools, a wrong type anywhere) goes through the schema, which repairs or drops it.
 */

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Absent, null or a string: what every lenient text field accepts unchanged. */
function isOptionalText(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

/** Absent or a non-negative safe integer, as `index` fields must be to pass unchanged. */
function isOptionalIndex(value: unknown): boolean {
  return value === undefined || (Number.isSafeInteger(value) && (value as number) >= 0);
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

function isPlainToolCall(value: unknown): boolean {
  if (!isPlainObject(value) || !isAbsent(value.custom)) return false;
  if (!isOptionalIndex(value.index) || !isOptionalText(value.id) || !isOptionalText(value.type)) return false;
  const fn = value.function;
  return isAbsent(fn) || (isPlainObject(fn) && isOptionalText(fn.name) && isOptionalText(fn.arguments));
}

function isPlainDelta(value: unknown): boolean {
  if (isAbsent(value)) return true;
  if (!isPlainObject(value) || !isAbsent(value.function_call)) return false;
  if (!isOptionalText(value.role) || !isOptionalText(value.content) || !isOptionalText(value.refusal)) return false;
  if (!isOptionalText(value.reasoning_content) || !isOptionalText(value.reasoning)) return false;
  const calls = value.tool_calls;
  return isAbsent(calls) || (Array.isArray(calls) && calls.every(isPlainToolCall));
}

function isPlainChoice(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    isOptionalIndex(value.index) &&
    isOptionalText(value.finish_reason) &&
    isPlainDelta(value.delta) &&
    isPlainDelta(value.message)
  );
}

/**
 * The chunk itself when it has the plain shape the lenient schema would return unchanged,
 * otherwise undefined (the caller then runs the schema).
 */
export function readPlainOpenAiChatChunk(record: Json): OpenAiChatLenientChunk | undefined {
  if (typeof record.id !== 'string' || typeof record.model !== 'string') return undefined;
  if (typeof record.created !== 'number' || !Number.isFinite(record.created)) return undefined;
  if (record.object !== undefined && typeof record.object !== 'string') return undefined;
  const choices = record.choices;
  if (!isAbsent(choices) && !(Array.isArray(choices) && choices.every(isPlainChoice))) return undefined;
  return record as OpenAiChatLenientChunk;
}

/** A chat stream chunk, read by hand when plain and by the lenient schema otherwise. */
export function readOpenAiChatChunk(record: Json): OpenAiChatLenientChunk | undefined {
  const plain = readPlainOpenAiChatChunk(record);
  if (plain) return plain;
  const parsed = openAiChatChunkSchema.safeParse(record);
  return parsed.success ? parsed.data : undefined;
}
