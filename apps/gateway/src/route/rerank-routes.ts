import { rerankRequestToIr, type IrRerankRequest } from '@interlingua/rerank';
import { codecFor } from '@interlingua/provider-adapters';
import type { ServiceScope } from './route-scope.js';
import { rerankService } from '../services/rerank-service.js';
import { retrievalRoute } from './retrieval-route.js';
import type { RouteEntry } from './route-entry.js';
import { OPENAI_CHAT } from '../http/request-styles.js';

/**
 * `POST /v1/rerank`: the Cohere / Jina shape in, every rerank upstream (Cohere v2, Jina,
 * Voyage, Together, vLLM, text-embeddings-inference, the mock) behind it, and one answer
 * readable by Cohere-style and Jina-style clients. Errors are OpenAI-shaped.
 */
export function rerankRoutes(gateway: ServiceScope): RouteEntry[] {
  const handler = retrievalRoute<IrRerankRequest>(gateway, {
    service: 'rerank',
    errorCodec: codecFor(OPENAI_CHAT),
    read(_request, json) {
      const { value } = rerankRequestToIr(json);
      return { model: value.model, input: value };
    },
    serve: rerankService,
  });
  return [{ method: 'post', path: '/v1/rerank', handler }];
}
