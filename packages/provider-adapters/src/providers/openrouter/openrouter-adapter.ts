import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { maxTokensHooks } from '../openai-compatible/openai-compatible-hooks.js';
import type { ProviderSettings } from '../../provider-adapter.js';

/**
 * OpenRouter's optional app-attribution headers, from `options.httpReferer` (your site URL,
 * sent as `HTTP-Referer`) and `options.appTitle` (sent as `X-Title`).
 * @see https://openrouter.ai/docs/api-reference/overview#headers
 */
export function openRouterHeaders(settings: ProviderSettings): Record<string, string> {
  const { httpReferer, appTitle } = settings.options;
  return {
    ...(typeof httpReferer === 'string' && httpReferer !== '' ? { 'http-referer': httpReferer } : {}),
    ...(typeof appTitle === 'string' && appTitle !== '' ? { 'x-title': appTitle } : {}),
  };
}

/**
 * OpenRouter, one OpenAI-compatible API in front of many providers. Its parameter reference
 * documents `max_tokens`, which it translates for each upstream. Reasoning comes back as
 * `reasoning`, which the chat codec reads.
 * @see https://openrouter.ai/docs/api-reference/parameters
 */
export const openRouterAdapter = defineOpenAiCompatibleAdapter({
  type: 'openrouter',
  displayName: 'OpenRouter',
  defaultBaseUrl: 'https://openrouter.ai/api/v1',
  environment: { apiKey: 'OPENROUTER_API_KEY' },
  hooks: maxTokensHooks,
  extraHeaders: openRouterHeaders,
});
