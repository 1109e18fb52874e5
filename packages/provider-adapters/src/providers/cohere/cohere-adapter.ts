import { joinUrl } from '../../provider-adapter.js';
import { serviceErrorToIr } from '../service-only/service-error-to-ir.js';
import { defineServiceOnlyAdapter } from '../service-only/service-only-adapter.js';

/**
 * Cohere's v2 API for embeddings (`/v2/embed`, wire `cohere-v2` of `@interlingua/embeddings`)
 * and rerank (`/v2/rerank`, wire `cohere-v2` of `@interlingua/rerank`), with a Bearer key.
 * `baseUrl` is the API root (`https://api.cohere.com`). Errors are `{"message": …}`.
 * @see https://docs.cohere.com/reference/embed
 * @see https://docs.cohere.com/reference/rerank
 * @see https://docs.cohere.com/reference/errors
 */
export const cohereAdapter = defineServiceOnlyAdapter({
  type: 'cohere',
  displayName: 'Cohere',
  defaultBaseUrl: 'https://api.cohere.com',
  environment: { apiKey: 'COHERE_API_KEY', baseUrl: 'COHERE_BASE_URL' },
  services: (headers) => ({
    embeddings: {
      wire: 'cohere-v2',
      endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'v2/embed'), headers: headers(settings) }),
    },
    rerank: {
      wire: 'cohere-v2',
      endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'v2/rerank'), headers: headers(settings) }),
    },
  }),
  hooks: { mapError: (status, body) => serviceErrorToIr(status, body, 'Cohere') },
});
