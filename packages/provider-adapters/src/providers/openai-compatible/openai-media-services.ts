import type { ImagesWire } from '@interlingua/images';
import type { AudioWire } from '@interlingua/audio';
import { joinUrl, type ProviderSettings, type ServiceEndpoint, type ServiceName } from '../../provider-adapter.js';

/** The image and audio services of the OpenAI wire. */
export type OpenAiMediaService = Extract<ServiceName, `images.${string}` | `audio.${string}`>;

/**
 * Where each media service lives under an OpenAI-style base URL.
 * @see https://platform.openai.com/docs/api-reference/images
 * @see https://platform.openai.com/docs/api-reference/audio
 */
export const OPENAI_MEDIA_PATHS = {
  'images.generations': 'images/generations',
  'images.edits': 'images/edits',
  'images.variations': 'images/variations',
  'audio.speech': 'audio/speech',
  'audio.transcriptions': 'audio/transcriptions',
  'audio.translations': 'audio/translations',
} as const satisfies Record<OpenAiMediaService, string>;

/** Every media service of the OpenAI wire (OpenAI itself, and generic OpenAI-compatible servers). */
export const ALL_OPENAI_MEDIA_SERVICES = Object.keys(OPENAI_MEDIA_PATHS) as OpenAiMediaService[];

const OPENAI_WIRE = 'openai' satisfies ImagesWire & AudioWire;

/**
 * `services` entries for the media services a host serves on the OpenAI wire, at
 * `<baseUrl>/<path>` with the host's auth headers. No `content-type`: the gateway sets it per
 * body (JSON or multipart).
 */
export function openAiMediaServices(
  names: readonly OpenAiMediaService[],
  headers: (settings: ProviderSettings) => Record<string, string>,
): Partial<Record<ServiceName, ServiceEndpoint>> {
  const services: Partial<Record<ServiceName, ServiceEndpoint>> = {};
  for (const name of names) {
    services[name] = {
      wire: OPENAI_WIRE,
      endpoint: (settings) => ({
        url: joinUrl(settings.baseUrl, OPENAI_MEDIA_PATHS[name]),
        headers: headers(settings),
      }),
    };
  }
  return services;
}
