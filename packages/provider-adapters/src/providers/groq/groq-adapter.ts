import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { patchGroqRequest } from './groq-request.js';

/**
 * Groq's OpenAI-compatible API. Groq documents `max_completion_tokens` (with `max_tokens` as
 * its deprecated alias) and `stream_options`; it refuses `logit_bias` and message names, which
 * `patchGroqRequest` drops with a warning.
 * @see https://console.groq.com/docs/openai
 * @see https://console.groq.com/docs/api-reference#chat-create
 * Audio: Whisper transcriptions and translations, and text to speech, on the OpenAI paths.
 * @see https://console.groq.com/docs/speech-to-text
 * @see https://console.groq.com/docs/text-to-speech
 */
export const groqAdapter = defineOpenAiCompatibleAdapter({
  type: 'groq',
  displayName: 'Groq',
  defaultBaseUrl: 'https://api.groq.com/openai/v1',
  environment: { apiKey: 'GROQ_API_KEY', baseUrl: 'GROQ_BASE_URL' },
  mediaServices: ['audio.transcriptions', 'audio.translations', 'audio.speech'],
  hooks: { patchRequest: patchGroqRequest },
});
