import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';

/** OpenAI's own API. @see https://platform.openai.com/docs/api-reference */
export const openAiAdapter = defineOpenAiCompatibleAdapter({
  type: 'openai',
  displayName: 'OpenAI',
  defaultBaseUrl: 'https://api.openai.com/v1',
  environment: { apiKey: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
});
