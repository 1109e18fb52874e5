import { MAX_OPENAI_TOOL_NAME_LENGTH, type IrRequest } from '@interlingua/ir';
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
import { openAiResponsesMcpToolSchema } from './openai-responses-mcp-schema.js';
import { openAiResponsesRequestSchema } from './openai-responses-request-schema.js';
import { openAiResponsesRequestBodyToIr } from './openai-responses-request-to-ir.js';

/*
 * Hand-written checks for the input items coding agents send on every Responses turn (text
 * messages, function calls and their outputs, reasoning items) and for function tools. Each check
 * is true only for a value whose schema accepts it as it is, with only the fields named here.
 */

const isStatus = nullish(anyOf('in_progress', 'completed', 'incomplete'));
const isId = nullish(isString);
const isAnyArray: Check = (value) => Array.isArray(value);

const isTextPart: Check = (part) => {
  if (!isRecord(part) || typeof part['text'] !== 'string') return false;
  if (part['type'] === 'input_text') return fieldsOf(part, { type: anything, text: anything });
  return (
    part['type'] === 'output_text' &&
    fieldsOf(part, { type: anything, text: anything, annotations: nullish(isAnyArray), logprobs: nullish(isAnyArray) })
  );
};

const MESSAGE_FIELDS = {
  type: typeIs('message'),
  role: anyOf('user', 'system', 'developer', 'assistant'),
  content: (value: unknown) => typeof value === 'string' || arrayOf(isTextPart)(value),
  id: isId,
  status: isStatus,
};
const CALL_FIELDS = {
  type: anything,
  call_id: isString,
  name: isString,
  arguments: isString,
  /** A call of a namespaced tool (Codex's MCP tools) names its namespace. */
  namespace: nullish(isString),
  id: isId,
  status: isStatus,
};
const OUTPUT_FIELDS = { type: anything, call_id: isString, output: isString, id: isId, status: isStatus };
const isSummary: Check = (value) =>
  fieldsOf(value, { type: typeIs('summary_text'), text: isString }) && has(value, 'type') && has(value, 'text');
const isReasoningText: Check = (value) =>
  fieldsOf(value, { type: isString, text: isString }) && has(value, 'type') && has(value, 'text');
const REASONING_FIELDS = {
  type: anything,
  id: isId,
  summary: nullish(arrayOf(isSummary)),
  content: nullish(arrayOf(isReasoningText)),
  encrypted_content: isId,
  status: isStatus,
};

/** An input item of the kinds agents send, with only the fields its item schema names. */
function isAgentItem(item: unknown): boolean {
  if (!isRecord(item)) return false;
  switch (item['type']) {
    case undefined:
    case 'message':
      return fieldsOf(item, MESSAGE_FIELDS) && has(item, 'role') && has(item, 'content');
    case 'function_call':
      return fieldsOf(item, CALL_FIELDS) && has(item, 'call_id') && has(item, 'name') && has(item, 'arguments');
    case 'function_call_output':
      return fieldsOf(item, OUTPUT_FIELDS) && has(item, 'call_id') && has(item, 'output');
    case 'reasoning':
      return fieldsOf(item, REASONING_FIELDS);
    default:
      return false;
  }
}

/** A function tool as the function tool schema takes it (any other tool is read by the request schema alone). */
const FUNCTION_TOOL_FIELDS = {
  type: anything,
  name: isString,
  description: nullish(isString),
  parameters: nullish(isRecord),
  strict: nullish(isBoolean),
};
const isPlainFunctionTool: Check = (tool) => fieldsOf(tool, FUNCTION_TOOL_FIELDS) && has(tool, 'name');
/** A function tool inside a namespace: also of a name the request schema does not see. */
const isPlainNamespacedTool: Check = (tool) =>
  !isRecord(tool) ||
  tool['type'] !== 'function' ||
  (isPlainFunctionTool(tool) && String(tool['name']).length <= MAX_OPENAI_TOOL_NAME_LENGTH);
const isPlainTool: Check = (tool) => {
  if (!isRecord(tool)) return true;
  if (tool['type'] === 'function') return isPlainFunctionTool(tool);
  // MCP servers are few and small: their own schema checks them.
  if (tool['type'] === 'mcp') return openAiResponsesMcpToolSchema.safeParse(tool).success;
  return tool['type'] !== 'namespace' || !Array.isArray(tool['tools']) || tool['tools'].every(isPlainNamespacedTool);
};

/**
 * The request of a Responses caller in IR, its input items read without their item schemas when
 * each is of a kind agents send (above); the rest of the body still goes through the request
 * schema, which is cheap without the items. The item schemas walk and copy every item, which on a
 * 64 KB conversation was most of decoding it. Anything else (images, files, hosted-tool items,
 * compaction, item references, an unknown field, a wrong type) gives undefined: the request schema
 * and the item schemas read it and name what is wrong.
 */
export function readPlainOpenAiResponsesRequest(body: Record<string, unknown>): IrRequest | undefined {
  const { input, tools } = body;
  if (!Array.isArray(input) || !input.every(isAgentItem)) return undefined;
  if (Array.isArray(tools) && !tools.every(isPlainTool)) return undefined;
  const top = openAiResponsesRequestSchema.safeParse({ ...body, input: [] });
  if (!top.success) return undefined;
  const request = top.data;
  request.input = input as Array<Record<string, unknown>>;
  // The function tool schema hands over a copy of the parameters: the IR shares nothing with the body.
  for (const tool of request.tools ?? [])
    if (tool.type === 'function' && isRecord(tool['parameters'])) tool['parameters'] = { ...tool['parameters'] };
  return openAiResponsesRequestBodyToIr(request).value;
}
