import * as z from 'zod';
import { joinUrl, type ProviderSettings, type TokenCountEndpoint } from '../../provider-adapter.js';

const countAnswerSchema = z.looseObject({ input_tokens: z.number().int().nonnegative() });

/** The request fields `POST /responses/input_tokens` takes (`InputTokenCountParams` in `openai` 6). */
const INPUT_TOKENS_FIELDS = [
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'reasoning',
  'text',
  'truncation',
  'conversation',
  'previous_response_id',
  'personality',
] as const;

/**
 * OpenAI's `POST /responses/input_tokens`, only for providers configured with `api: responses`
 * (chat completions has no count endpoint). The body keeps the Responses fields that shape the
 * prompt; the answer is `{object: 'response.input_tokens', input_tokens}`.
 * @see https://platform.openai.com/docs/api-reference/responses/input-tokens
 */
export function openAiResponsesInputTokens(
  headers: (settings: ProviderSettings) => Record<string, string>,
): TokenCountEndpoint {
  return {
    endpoint: (settings) =>
      settings.api === 'responses'
        ? {
            url: joinUrl(settings.baseUrl, 'responses/input_tokens'),
            headers: { 'content-type': 'application/json', ...headers(settings) },
          }
        : undefined,
    body(wireRequest, model) {
      const body: Record<string, unknown> = {};
      for (const field of INPUT_TOKENS_FIELDS) if (wireRequest[field] !== undefined) body[field] = wireRequest[field];
      return { ...body, model };
    },
    parse(body) {
      const parsed = countAnswerSchema.safeParse(body);
      return parsed.success ? parsed.data.input_tokens : undefined;
    },
  };
}
