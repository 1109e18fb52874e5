import { MAX_TOOL_NAME_LENGTH, MAX_USER_ID_LENGTH } from '@interlingua/ir';
import {
  anything,
  fieldsOf,
  has,
  isBoolean,
  isRecord,
  isString,
  nullish,
  typeIs,
  type Check,
} from '@interlingua/ir-utils';

/**
 * Hand-written checks for the parts of an Anthropic Messages request that coding agents send on
 * every turn: content blocks (text, tool calls and results, thinking), custom tools, the tool
 * choice, `metadata.user_id`. Each check is true only for a value the request schema accepts as it
 * is, with only the fields named here; anything else is false and left to the schema.
 */

/** `cache_control`: `{ type: 'ephemeral', ttl? }` or null. */
const isCacheControl: Check = nullish(
  (value) => fieldsOf(value, { type: typeIs('ephemeral'), ttl: isString }) && has(value, 'type'),
);

const TEXT_FIELDS = { type: typeIs('text'), text: isString, cache_control: isCacheControl };
export const isTextBlock: Check = (value) => fieldsOf(value, TEXT_FIELDS) && has(value, 'type') && has(value, 'text');

const TOOL_USE_FIELDS = {
  type: anything,
  id: isString,
  name: isString,
  input: anything,
  cache_control: isCacheControl,
};
const TOOL_RESULT_FIELDS = {
  type: anything,
  tool_use_id: isString,
  content: (value: unknown) => typeof value === 'string' || (Array.isArray(value) && value.every(isTextBlock)),
  is_error: nullish(isBoolean),
  cache_control: isCacheControl,
};
const THINKING_FIELDS = { type: anything, thinking: isString, signature: isString };
const REDACTED_THINKING_FIELDS = { type: anything, data: isString };

/** A content block of the kinds agents send, with only the fields the IR carries. */
export function isAgentBlock(block: unknown): boolean {
  if (!isRecord(block)) return false;
  switch (block['type']) {
    case 'text':
      return isTextBlock(block);
    case 'tool_use':
      return fieldsOf(block, TOOL_USE_FIELDS) && has(block, 'id') && has(block, 'name');
    case 'tool_result':
      return fieldsOf(block, TOOL_RESULT_FIELDS) && has(block, 'tool_use_id');
    case 'thinking':
      return fieldsOf(block, THINKING_FIELDS) && has(block, 'thinking') && has(block, 'signature');
    case 'redacted_thinking':
      return fieldsOf(block, REDACTED_THINKING_FIELDS) && has(block, 'data');
    default:
      return false;
  }
}

/** A turn `{ role: 'user' | 'assistant', content }`: text, or blocks of the kinds above. */
export function isAgentTurn(turn: unknown): boolean {
  if (!isRecord(turn)) return false;
  const { role, content } = turn;
  let fields = 0;
  for (const key in turn) if (Object.hasOwn(turn, key)) fields++;
  return (
    fields === 2 &&
    (role === 'user' || role === 'assistant') &&
    (typeof content === 'string' || (Array.isArray(content) && content.every(isAgentBlock)))
  );
}

const isToolName: Check = (value) => typeof value === 'string' && value.length <= MAX_TOOL_NAME_LENGTH;
const CUSTOM_TOOL_FIELDS = {
  type: typeIs('custom'),
  name: isToolName,
  description: isString,
  input_schema: isRecord,
  cache_control: isCacheControl,
  strict: isBoolean,
};

/** A custom tool: name, description, input schema, and only those with `cache_control` and `strict`. */
export const isCustomTool: Check = (tool) =>
  fieldsOf(tool, CUSTOM_TOOL_FIELDS) && has(tool, 'name') && has(tool, 'input_schema');

const PARALLEL = { disable_parallel_tool_use: isBoolean };

/** `tool_choice`: `auto`, `any`, `tool` with a name, `none`. */
export function isToolChoice(choice: unknown): boolean {
  if (!isRecord(choice)) return false;
  switch (choice['type']) {
    case 'auto':
    case 'any':
      return fieldsOf(choice, { type: anything, ...PARALLEL });
    case 'tool':
      return fieldsOf(choice, { type: anything, name: isToolName, ...PARALLEL }) && has(choice, 'name');
    case 'none':
      return fieldsOf(choice, { type: anything });
    default:
      return false;
  }
}

/** `metadata`: only `user_id` (a string within its limit, or null). */
export const isMetadata: Check = (value) =>
  fieldsOf(value, {
    user_id: nullish((id) => typeof id === 'string' && id.length <= MAX_USER_ID_LENGTH),
  });
