import { codecFor } from '@interlingua/provider-adapters';
import type { StyleRoutesScope } from './route-scope.js';
import { geminiCountTokensRoute } from './gemini-count-tokens-route.js';
import { getGeminiModelRoute, listGeminiModelsRoute } from './gemini-model-routes.js';

import { sendStyleError, asIrError, gatewayError } from '../http/style-errors.js';
import { jsonArrayFramer, sseFramer } from '../http/stream-framer.js';
import { generationRoute } from './generation-route.js';
import { parseGeminiModelPath } from './gemini-model-path.js';
import type { RouteEntry, RouteHandler } from './route-entry.js';
import { geminiEmbeddingMethods } from './embeddings-routes.js';
import { GEMINI } from '../http/request-styles.js';

/**
 * `/v1beta/models` (list, get) and `/v1beta/models/{model}:{method}` (`generateContent`,
 * `streamGenerateContent` as SSE with `alt=sse` or a JSON array without, `countTokens`):
 * Gemini callers to any upstream, also under `/v1/models/{model}:{method}`. Unknown methods are
 * Gemini-shaped 404s.
 */
export function geminiRoutes(gateway: StyleRoutesScope): RouteEntry[] {
  const generate = generationRoute(gateway, {
    wire: GEMINI,
    target(request) {
      const { model, method } = parseGeminiModelPath((request as { params?: Record<string, unknown> }).params?.rest);
      const stream = method === 'streamGenerateContent';
      const sse = new URL(request.url ?? '/', 'http://gateway.local').searchParams.get('alt') === 'sse';
      return {
        model,
        stream,
        framer: stream && !sse ? jsonArrayFramer() : sseFramer(),
        irOverrides: { model, stream },
      };
    },
  });
  const methods: Record<string, RouteHandler> = {
    generateContent: generate,
    streamGenerateContent: generate,
    countTokens: geminiCountTokensRoute(gateway),
    ...geminiEmbeddingMethods(gateway),
  };
  const dispatch: RouteHandler = async (request, response, context) => {
    try {
      const { method } = parseGeminiModelPath(request.params?.rest);
      const handler = method ? methods[method] : undefined;
      if (!handler) {
        throw gatewayError(
          'not-found',
          `Method "${method ?? ''}" is not served for models; use ${Object.keys(methods).join(', ')}`,
        );
      }
      await handler(request, response, context);
    } catch (error) {
      sendStyleError(context.sink, codecFor(GEMINI), asIrError(error));
    }
  };
  return [
    { method: 'get', path: '/v1beta/models', handler: listGeminiModelsRoute(gateway) },
    { method: 'get', path: '/v1beta/models/*rest', handler: getGeminiModelRoute(gateway) },
    { method: 'post', path: '/v1beta/models/*rest', handler: dispatch },
    // Gemini's stable `v1` paths, which `@google/genai` 3 calls by default (`GET /v1/models` stays OpenAI's list).
    { method: 'post', path: '/v1/models/*rest', handler: dispatch },
  ];
}
