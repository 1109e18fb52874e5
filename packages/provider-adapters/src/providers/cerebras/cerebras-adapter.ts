import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';

/**
 * Cerebras Inference, OpenAI-compatible. Its chat reference documents `max_completion_tokens`,
 * so the chat codec's body goes up unchanged.
 * @see https://inference-docs.cerebras.ai/api-reference/chat-completions
 */
export const cerebrasAdapter = defineOpenAiCompatibleAdapter({
  type: 'cerebras',
  displayName: 'Cerebras',
  defaultBaseUrl: 'https://api.cerebras.ai/v1',
  environment: { apiKey: 'CEREBRAS_API_KEY', baseUrl: 'CEREBRAS_BASE_URL' },
});
