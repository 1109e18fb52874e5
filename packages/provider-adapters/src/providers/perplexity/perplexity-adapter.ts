import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { maxTokensHooks } from '../openai-compatible/openai-compatible-hooks.js';

/**
 * Perplexity's Sonar API: OpenAI chat completions at the API root (no `/v1`). It documents
 * `max_tokens`. Search results (`citations`, `search_results`) are extra answer fields the chat
 * codec keeps in `extensions['openai-chat']`.
 * @see https://docs.perplexity.ai/api-reference/chat-completions-post
 */
export const perplexityAdapter = defineOpenAiCompatibleAdapter({
  type: 'perplexity',
  displayName: 'Perplexity',
  defaultBaseUrl: 'https://api.perplexity.ai',
  environment: { apiKey: 'PERPLEXITY_API_KEY', baseUrl: 'PERPLEXITY_BASE_URL' },
  hooks: maxTokensHooks,
});
