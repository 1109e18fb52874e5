import { asRecord } from '@interlingua/ir-utils';
import {
  OPENAI_RESPONSES_ECHO_FIELDS,
  type OpenAiResponsesEcho,
  openAiResponsesStrictResponseSchema,
} from './openai-responses-strict-response-schema.js';

/**
 * The request fields a Responses answer echoes (`instructions`, `tools`, `temperature`, …), read
 * from a request body; values that would not fit the response object are left out.
 */
export function openAiResponsesEchoFromRequest(request: unknown): OpenAiResponsesEcho {
  const body = asRecord(request) ?? {};
  const shape = openAiResponsesStrictResponseSchema.shape;
  const echo: Record<string, unknown> = {};
  for (const key of OPENAI_RESPONSES_ECHO_FIELDS) {
    if (body[key] === undefined) continue;
    const parsed = shape[key].safeParse(body[key]);
    if (parsed.success) echo[key] = parsed.data;
  }
  return echo as OpenAiResponsesEcho;
}
