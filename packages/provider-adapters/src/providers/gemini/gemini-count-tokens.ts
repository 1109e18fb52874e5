import * as z from 'zod';
import {
  joinUrl,
  type ProviderSettings,
  type TokenCountEndpoint,
  type UpstreamEndpoint,
} from '../../provider-adapter.js';

const countAnswerSchema = z.looseObject({ totalTokens: z.number().int().nonnegative() });

/**
 * `POST models/{model}:countTokens` with the whole generation request as
 * `{generateContentRequest: {model: 'models/<id>', …}}` (system instruction, tools and config
 * counted too); the answer is `{totalTokens}`. @see https://ai.google.dev/api/tokens#method:-models.counttokens
 */
export function geminiCountTokens(headers: (settings: ProviderSettings) => Record<string, string>): TokenCountEndpoint {
  return {
    endpoint: (settings, model): UpstreamEndpoint => ({
      url: joinUrl(settings.baseUrl, `models/${encodeURIComponent(model)}:countTokens`),
      headers: { 'content-type': 'application/json', ...headers(settings) },
    }),
    body: (wireRequest, model) => ({ generateContentRequest: { ...wireRequest, model: `models/${model}` } }),
    parse(body) {
      const parsed = countAnswerSchema.safeParse(body);
      return parsed.success ? parsed.data.totalTokens : undefined;
    },
  };
}
