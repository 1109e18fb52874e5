import { MAX_OPENAI_TOOL_NAME_LENGTH } from '@interlingua/ir';
import { checkOpenAiChatRequestLimits } from '@interlingua/openai-chat/internal';

/**
 * The limits of a Chat Completions body checked as `checkOpenAiChatRequestLimits` checks them,
 * with the tools of the shape agents send (function tools: a name within the limit, an optional
 * string description, an optional JSON-schema object, an optional boolean `strict`) checked by
 * hand: the request schema walks and copies every tool's parameter schema, about a third of the
 * checks' time on a coding agent's turn. Any other tool, or any doubt, leaves the whole body to the
 * schema, with its error naming the field.
 */
export function checkOpenAiChatLimits(json: Record<string, unknown>): void {
  if (!Array.isArray(json.tools) || !json.tools.every(isPlainFunctionTool)) {
    checkOpenAiChatRequestLimits(json);
    return;
  }
  const rest: Record<string, unknown> = {};
  for (const key in json) if (key !== 'tools') rest[key] = json[key];
  checkOpenAiChatRequestLimits(rest);
}

/** An object as `JSON.parse` makes it (the schema's records take any such object). */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    !Object.hasOwn(value, 'constructor')
  );
}

/** A function tool the request schema accepts as it is. */
export function isPlainFunctionTool(tool: unknown): boolean {
  if (!isJsonObject(tool) || tool.type !== 'function') return false;
  const fn = tool.function;
  if (!isJsonObject(fn)) return false;
  const { name, description, parameters, strict } = fn;
  return (
    typeof name === 'string' &&
    name.length <= MAX_OPENAI_TOOL_NAME_LENGTH &&
    (description === undefined || typeof description === 'string') &&
    (parameters === undefined || isJsonObject(parameters)) &&
    (strict === undefined || strict === null || typeof strict === 'boolean')
  );
}
