import type { AudioWire } from '@interlingua/audio';
import type { ImagesWire } from '@interlingua/images';
import { joinUrl, type ProviderSettings, type ServiceEndpoint, type ServiceName } from '../../provider-adapter.js';

const GEMINI_WIRE = 'gemini' satisfies ImagesWire & AudioWire;

/**
 * The media services Gemini serves through `generateContent`: image generation and editing
 * (IMAGE response modality), speech generation (AUDIO modality) and transcription (audio
 * understanding). Translations and variations have no Gemini equivalent and are not listed.
 * @see https://ai.google.dev/gemini-api/docs/image-generation
 * @see https://ai.google.dev/gemini-api/docs/speech-generation
 * @see https://ai.google.dev/gemini-api/docs/audio
 */
export function geminiMediaServices(
  headers: (settings: ProviderSettings) => Record<string, string>,
): Partial<Record<ServiceName, ServiceEndpoint>> {
  const endpoint: ServiceEndpoint = {
    wire: GEMINI_WIRE,
    endpoint: (settings, model) => ({
      url: joinUrl(settings.baseUrl, `models/${encodeURIComponent(model)}:generateContent`),
      headers: { 'content-type': 'application/json', ...headers(settings) },
    }),
  };
  return {
    'images.generations': endpoint,
    'images.edits': endpoint,
    'audio.speech': endpoint,
    'audio.transcriptions': endpoint,
  };
}
