import {
  MAX_MODEL_NAME_LENGTH,
  MAX_OPENAI_TOOL_NAME_LENGTH,
  MAX_USER_ID_LENGTH,
  type IrRequest,
} from '@interlingua/ir';
import {
  anyOf,
  anything,
  arrayOf,
  fieldsOf,
  has,
  isBoolean,
  isRecord,
  isString,
  nullish,
  typeIs,
  type Check,
} from '@interlingua/ir-utils';
import { OPENAI_CHAT_REASONING_EFFORTS } from './map/openai-chat-reasoning-effort.js';
import { openAiChatRequestBodyToIr } from './openai-chat-request-to-ir.js';

/*
 * Hand-written checks for a Chat Completions request of the shape coding agents send on every
 * turn: text messages of the five usual roles, assistant tool calls, tool results, function tools,
 * the tool choice and the usual sampling fields. Each check is true only for a value the request
 * schema accepts as it is, with only the fields named here; anything else is left to the schema.
 */

const isTextPart: Check = (value) =>
  fieldsOf(value, { type: typeIs('text'), text: isString }) && has(value, 'type') && has(value, 'text');
const isTextContent: Check = (value) => typeof value === 'string' || arrayOf(isTextPart)(value);
const isToolName: Check = (value) => typeof value === 'string' && value.length <= MAX_OPENAI_TOOL_NAME_LENGTH;

const TEXT_MESSAGE_FIELDS = { role: anyOf('system', 'developer', 'user'), content: isTextContent, name: isString };
const FUNCTION_FIELDS = { name: isString, arguments: isString };
const isToolCall: Check = (value) =>
  fieldsOf(value, {
    id: isString,
    type: typeIs('function'),
    function: (fn) => fieldsOf(fn, FUNCTION_FIELDS) && has(fn, 'name') && has(fn, 'arguments'),
  }) &&
  has(value, 'id') &&
  has(value, 'type') &&
  has(value, 'function');
const ASSISTANT_FIELDS = {
  role: anything,
  content: nullish(isTextContent),
  tool_calls: nullish(arrayOf(isToolCall)),
  name: isString,
};
const TOOL_MESSAGE_FIELDS = { role: anything, content: isTextContent, tool_call_id: isString };

/** A message of the kinds agents send, with only the fields the IR carries. */
function isAgentMessage(message: unknown): boolean {
  if (!isRecord(message)) return false;
  switch (message['role']) {
    case 'system':
    case 'developer':
    case 'user':
      return fieldsOf(message, TEXT_MESSAGE_FIELDS) && has(message, 'content');
    case 'assistant':
      return fieldsOf(message, ASSISTANT_FIELDS);
    case 'tool':
      return fieldsOf(message, TOOL_MESSAGE_FIELDS) && has(message, 'content') && has(message, 'tool_call_id');
    default:
      return false;
  }
}

const FUNCTION_TOOL_FIELDS = {
  name: isToolName,
  description: isString,
  parameters: isRecord,
  strict: nullish(isBoolean),
};
const isFunctionTool: Check = (tool) =>
  fieldsOf(tool, {
    type: typeIs('function'),
    function: (fn) => fieldsOf(fn, FUNCTION_TOOL_FIELDS) && has(fn, 'name'),
  }) &&
  has(tool, 'type') &&
  has(tool, 'function');
const isToolChoice: Check = (choice) =>
  anyOf('none', 'auto', 'required')(choice) ||
  (fieldsOf(choice, {
    type: typeIs('function'),
    function: (fn) => fieldsOf(fn, { name: isToolName }) && has(fn, 'name'),
  }) &&
    has(choice, 'type') &&
    has(choice, 'function'));

const inRange =
  (min: number, max: number): Check =>
  (value) =>
    typeof value === 'number' && value >= min && value <= max;
const isTokenCount: Check = (value) => Number.isSafeInteger(value) && (value as number) >= 1;

/** Top-level fields of an agent's request, each mapped onto the IR (none lands in its extensions). */
const REQUEST_FIELDS: Readonly<Record<string, Check>> = {
  model: (value) => typeof value === 'string' && value.length <= MAX_MODEL_NAME_LENGTH,
  messages: (value) => arrayOf(isAgentMessage)(value) && (value as unknown[]).length > 0,
  temperature: nullish(inRange(0, 2)),
  top_p: nullish(inRange(0, 1)),
  presence_penalty: nullish(inRange(-2, 2)),
  frequency_penalty: nullish(inRange(-2, 2)),
  seed: nullish(Number.isSafeInteger),
  stream: nullish(isBoolean),
  stream_options: nullish((value) => fieldsOf(value, { include_usage: nullish(isBoolean) })),
  stop: nullish((value) => typeof value === 'string' || arrayOf(isString)(value)),
  max_completion_tokens: nullish(isTokenCount),
  max_tokens: nullish(isTokenCount),
  user: nullish((value) => typeof value === 'string' && value.length <= MAX_USER_ID_LENGTH),
  reasoning_effort: nullish(anyOf(...OPENAI_CHAT_REASONING_EFFORTS)),
  tools: nullish(arrayOf(isFunctionTool)),
  tool_choice: nullish(isToolChoice),
  parallel_tool_calls: nullish(isBoolean),
};

/**
 * The request of a Chat Completions caller in IR, read without the request schema when the body
 * has the shape agents send (above). Such a body is accepted by the schema exactly as it is, so
 * the IR is the schema's; the schema walks and copies every message, part and tool call, which on
 * a 64 KB conversation was the larger part of decoding it. Anything else (media parts, legacy
 * functions, custom tools, reasoning fields sent back, cache breakpoints, metadata, an unknown
 * field, a wrong type) gives undefined: the request schema reads it and names what is wrong.
 */
export function readPlainOpenAiChatRequest(body: Record<string, unknown>): IrRequest | undefined {
  if (!fieldsOf(body, REQUEST_FIELDS) || !has(body, 'model') || !has(body, 'messages')) return undefined;
  return openAiChatRequestBodyToIr(schemaCopies(body) as Parameters<typeof openAiChatRequestBodyToIr>[0]);
}

/** The body with the objects the IR keeps copied, as the schema hands them over: the IR shares nothing with it. */
function schemaCopies(body: Record<string, unknown>): Record<string, unknown> {
  const { stop, tools } = body;
  if (!Array.isArray(stop) && !Array.isArray(tools)) return body;
  const copy = { ...body };
  if (Array.isArray(stop)) copy['stop'] = [...(stop as string[])];
  if (Array.isArray(tools))
    copy['tools'] = (tools as Array<{ function: Record<string, unknown> }>).map((tool) =>
      isRecord(tool.function['parameters'])
        ? { ...tool, function: { ...tool.function, parameters: { ...tool.function['parameters'] } } }
        : tool,
    );
  return copy;
}
