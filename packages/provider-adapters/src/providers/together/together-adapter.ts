import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { maxTokensHooks } from '../openai-compatible/openai-compatible-hooks.js';

/**
 * Together AI's OpenAI-compatible API. Its chat reference documents `max_tokens` only.
 * @see https://docs.together.ai/docs/openai-api-compatibility
 * @see https://docs.together.ai/reference/chat-completions-1
 * Embeddings on the OpenAI wire and rerank on its Jina-compatible `/rerank`.
 * @see https://docs.together.ai/reference/embeddings-2
 * @see https://docs.together.ai/reference/rerank-1
 */
export const togetherAdapter = defineOpenAiCompatibleAdapter({
  type: 'together',
  displayName: 'Together AI',
  defaultBaseUrl: 'https://api.together.xyz/v1',
  environment: { apiKey: 'TOGETHER_API_KEY', baseUrl: 'TOGETHER_BASE_URL' },
  hooks: maxTokensHooks,
  retrievalServices: ['embeddings', 'rerank'],
});
