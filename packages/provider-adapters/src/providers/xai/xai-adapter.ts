import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';

/**
 * xAI's API (Grok models), OpenAI-compatible for chat completions and responses; it documents
 * `max_completion_tokens`, so no request patch is needed.
 * @see https://docs.x.ai/docs/api-reference#chat-completions
 */
export const xAiAdapter = defineOpenAiCompatibleAdapter({
  type: 'xai',
  displayName: 'xAI',
  defaultBaseUrl: 'https://api.x.ai/v1',
  environment: { apiKey: 'XAI_API_KEY' },
});
