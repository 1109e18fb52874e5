import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { maxTokensHooks } from '../openai-compatible/openai-compatible-hooks.js';

/**
 * Fireworks AI's OpenAI-compatible inference API. Its chat reference documents `max_tokens`.
 * @see https://docs.fireworks.ai/tools-sdks/openai-compatibility
 * @see https://docs.fireworks.ai/api-reference/post-chatcompletions
 */
export const fireworksAdapter = defineOpenAiCompatibleAdapter({
  type: 'fireworks',
  displayName: 'Fireworks AI',
  defaultBaseUrl: 'https://api.fireworks.ai/inference/v1',
  environment: { apiKey: 'FIREWORKS_API_KEY' },
  hooks: maxTokensHooks,
});
