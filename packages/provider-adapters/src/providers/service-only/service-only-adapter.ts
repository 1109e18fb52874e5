import { unsupported } from '@interlingua/ir';
import {
  bearer,
  type AdapterHooks,
  type HttpProviderAdapter,
  type ProviderSettings,
  type ServiceEndpoint,
  type ServiceName,
} from '../../provider-adapter.js';

export interface ServiceOnlyPreset {
  type: string;
  displayName: string;
  defaultBaseUrl?: string;
  environment?: { apiKey: string; baseUrl?: string };
  /** The services, given the provider's auth headers. */
  services(
    headers: (settings: ProviderSettings) => Record<string, string>,
  ): Partial<Record<ServiceName, ServiceEndpoint>>;
  hooks?: AdapterHooks;
}

/**
 * An adapter for a provider that has no generation API, only services (embeddings, rerank):
 * `generates: false`, and a `generation()` that refuses with a 400 naming what the provider
 * does serve, so a chat request routed to it gets a clear answer rather than a fake one. Auth
 * is a Bearer key; config `headers` come last.
 */
export function defineServiceOnlyAdapter(preset: ServiceOnlyPreset): HttpProviderAdapter {
  const headers = (settings: ProviderSettings): Record<string, string> => ({
    ...bearer(settings.apiKey),
    ...settings.headers,
  });
  const services = preset.services(headers);
  const served = Object.keys(services).join(', ');
  return {
    kind: 'http',
    type: preset.type,
    displayName: preset.displayName,
    ...(preset.defaultBaseUrl ? { defaultBaseUrl: preset.defaultBaseUrl } : {}),
    ...(preset.environment ? { environment: preset.environment } : {}),
    generates: false,
    wire: () => 'openai-chat',
    generation: ({ settings }) => {
      throw unsupported(
        `Text generation is not supported by provider "${settings.id}" (${preset.displayName} serves ${served} only)`,
        'model',
      );
    },
    services,
    ...(preset.hooks ? { hooks: preset.hooks } : {}),
  };
}
