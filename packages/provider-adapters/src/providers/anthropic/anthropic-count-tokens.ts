import * as z from 'zod';
import {
  joinUrl,
  type ProviderSettings,
  type TokenCountEndpoint,
  type UpstreamEndpoint,
} from '../../provider-adapter.js';

const countAnswerSchema = z.looseObject({ input_tokens: z.number().int().nonnegative() });

/**
 * `POST /v1/messages/count_tokens`: the Messages body without `max_tokens` and `stream`; the
 * answer is `{input_tokens}`. @see https://docs.anthropic.com/en/api/messages-count-tokens
 */
export function anthropicCountTokens(
  headers: (settings: ProviderSettings) => Record<string, string>,
): TokenCountEndpoint {
  return {
    endpoint: (settings): UpstreamEndpoint => ({
      url: joinUrl(settings.baseUrl, 'v1/messages/count_tokens'),
      headers: { 'content-type': 'application/json', ...headers(settings) },
    }),
    body(wireRequest, model) {
      const { max_tokens: _maxTokens, stream: _stream, ...body } = wireRequest;
      return { ...body, model };
    },
    parse(body) {
      const parsed = countAnswerSchema.safeParse(body);
      return parsed.success ? parsed.data.input_tokens : undefined;
    },
  };
}
