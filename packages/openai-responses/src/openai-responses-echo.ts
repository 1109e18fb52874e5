import { asRecord } from '@interlingua/ir-utils';
import {
  OPENAI_RESPONSES_ECHO_FIELDS,
  type OpenAiResponsesEcho,
  openAiResponsesStrictResponseSchema,
} from './openai-responses-strict-response-schema.js';

/**
 * A function tool as the API echoes it: `description` and `parameters` null when absent, and
 * `strict` as in effect (absent means strict on Responses).
 */
function echoedTool(tool: { type: string } & Record<string, unknown>): { type: string } & Record<string, unknown> {
  if (tool.type !== 'function') return tool;
  const { type, description, name, parameters, strict, ...rest } = tool;
  return {
    type,
    description: description ?? null,
    name,
    parameters: parameters ?? null,
    strict: strict ?? true,
    ...rest,
  };
}

/**
 * The request fields a Responses answer echoes (`instructions`, `tools`, `temperature`, …), read
 * from a request body; values that would not fit the response object, and nulls (the answer's
 * defaults stand for them), are left out.
 */
export function openAiResponsesEchoFromRequest(request: unknown): OpenAiResponsesEcho {
  const body = asRecord(request) ?? {};
  const shape = openAiResponsesStrictResponseSchema.shape;
  const echo: Record<string, unknown> = {};
  for (const key of OPENAI_RESPONSES_ECHO_FIELDS) {
    if (body[key] === undefined || body[key] === null) continue;
    const parsed = shape[key].safeParse(body[key]);
    if (parsed.success) echo[key] = parsed.data;
  }
  const tools = echo.tools as OpenAiResponsesEcho['tools'];
  if (tools) echo.tools = tools.map(echoedTool);
  return echo as OpenAiResponsesEcho;
}
