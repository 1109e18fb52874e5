import type { ProviderAdapter, ServiceName } from './provider-adapter.js';

/** The capability a service counts as in model listings (`images.edits` -> `images`). */
function capabilityOf(service: ServiceName): string {
  return service.split('.')[0] as string;
}

/**
 * What a provider's models can be used for, as model listings say it (`IrModel.capabilities`):
 * `chat` unless the provider has no generation API, then one entry per kind of service it
 * serves (`embeddings`, `rerank`, `images`, `audio`). The local mock says what it answers.
 */
export function adapterCapabilities(adapter: ProviderAdapter): string[] {
  if (adapter.kind === 'local') {
    return [
      'chat',
      ...(adapter.embed ? ['embeddings'] : []),
      ...(adapter.rerank ? ['rerank'] : []),
      ...(adapter.images ? ['images'] : []),
      ...(adapter.speech || adapter.transcribe ? ['audio'] : []),
    ];
  }
  const services = Object.keys(adapter.services ?? {}) as ServiceName[];
  return [...new Set([...(adapter.generates === false ? [] : ['chat']), ...services.map(capabilityOf)])];
}
