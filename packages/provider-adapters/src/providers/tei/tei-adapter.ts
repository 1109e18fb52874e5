import type { IrErrorKind } from '@interlingua/ir';
import { joinUrl } from '../../provider-adapter.js';
import { serviceErrorToIr } from '../service-only/service-error-to-ir.js';
import { defineServiceOnlyAdapter } from '../service-only/service-only-adapter.js';

/**
 * text-embeddings-inference `error_type` -> IR kind.
 * @see https://huggingface.github.io/text-embeddings-inference/#/
 */
const TEI_ERROR_TYPES = {
  Validation: 'invalid-request',
  Tokenizer: 'invalid-request',
  Empty: 'invalid-request',
  Overloaded: 'overloaded',
  Backend: 'upstream-error',
  Unhealthy: 'upstream-unavailable',
} as const satisfies Record<string, IrErrorKind>;

/**
 * A Hugging Face text-embeddings-inference server (`text-embeddings-router`): embeddings on its
 * OpenAI-compatible `/v1/embeddings` (wire `openai`) and rerank on `/rerank` (wire `tei`:
 * `texts`, answer a bare array). `baseUrl` is the server root (`http://tei-host:8080`); the key
 * is optional (`--api-key`). Errors are `{"error", "error_type"}`.
 * @see https://huggingface.co/docs/text-embeddings-inference/quick_tour
 */
export const teiAdapter = defineServiceOnlyAdapter({
  type: 'tei',
  displayName: 'text-embeddings-inference',
  services: (headers) => ({
    embeddings: {
      wire: 'openai',
      endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'v1/embeddings'), headers: headers(settings) }),
    },
    rerank: {
      wire: 'tei',
      endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'rerank'), headers: headers(settings) }),
    },
  }),
  hooks: {
    mapError: (status, body) =>
      serviceErrorToIr(status, body, 'text-embeddings-inference', (record) => {
        const type = record.error_type;
        return typeof type === 'string' && Object.hasOwn(TEI_ERROR_TYPES, type)
          ? TEI_ERROR_TYPES[type as keyof typeof TEI_ERROR_TYPES]
          : undefined;
      }),
  },
});
