import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { maxTokensHooks } from '../openai-compatible/openai-compatible-hooks.js';

/**
 * LM Studio's local server (OpenAI-compatible endpoints on its default port). No key and no
 * environment registration (local servers need none). Its supported parameters list `max_tokens`.
 * @see https://lmstudio.ai/docs/app/api/endpoints/openai
 */
export const lmStudioAdapter = defineOpenAiCompatibleAdapter({
  type: 'lm-studio',
  displayName: 'LM Studio',
  defaultBaseUrl: 'http://127.0.0.1:1234/v1',
  hooks: maxTokensHooks,
});
