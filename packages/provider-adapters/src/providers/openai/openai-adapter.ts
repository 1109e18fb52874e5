import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { ALL_OPENAI_MEDIA_SERVICES } from '../openai-compatible/openai-media-services.js';

/** OpenAI retired dall-e-2, the only model that made image variations: every other media service. */
const OPENAI_MEDIA_SERVICES = ALL_OPENAI_MEDIA_SERVICES.filter((name) => name !== 'images.variations');

/** OpenAI's own API. @see https://platform.openai.com/docs/api-reference */
export const openAiAdapter = defineOpenAiCompatibleAdapter({
  type: 'openai',
  displayName: 'OpenAI',
  defaultBaseUrl: 'https://api.openai.com/v1',
  environment: { apiKey: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
  mediaServices: OPENAI_MEDIA_SERVICES,
  retrievalServices: ['embeddings'],
});
