import { IrError } from '@interlingua/ir';
import type { Gateway } from '../gateway.js';
import { createRequestContext } from '../http/request-context.js';
import { errorCodecForPath, sendStyleError } from '../http/style-errors.js';
import { jsonArrayFramer, sseFramer } from '../http/stream-framer.js';
import { asIrError } from '../pipeline/generation-pipeline.js';
import { generationRoute } from './generation-route.js';
import { parseGeminiModelPath } from './gemini-model-path.js';
import type { RouteEntry, RouteHandler } from './route-entry.js';

/** `/v1beta/models/{model}:{method}`: Gemini callers to any upstream. */
export function geminiRoutes(gateway: Gateway): RouteEntry[] {
  const generate = generationRoute(gateway, {
    wire: 'gemini',
    target(request) {
      const { model, method } = parseGeminiModelPath((request as { params?: Record<string, unknown> }).params?.rest);
      const stream = method === 'streamGenerateContent';
      const sse = new URL(request.url ?? '/', 'http://gateway.local').searchParams.get('alt') === 'sse';
      return { model, stream, framer: stream && !sse ? jsonArrayFramer() : sseFramer(), irOverrides: { model, stream } };
    },
  });
  const methods: Record<string, RouteHandler> = { generateContent: generate, streamGenerateContent: generate };
  const dispatch: RouteHandler = async (request, response) => {
    try {
      const { method } = parseGeminiModelPath(request.params?.rest);
      const handler = method ? methods[method] : undefined;
      if (!handler) {
        throw new IrError({ kind: 'not-found', message: `Method "${method ?? ''}" is not served for models; use ${Object.keys(methods).join(', ')}`, source: 'gateway' });
      }
      await handler(request, response);
    } catch (error) {
      const context = createRequestContext(request, response);
      sendStyleError(context.sink, errorCodecForPath('/v1beta/', request.headers), asIrError(error));
    }
  };
  return [{ method: 'post', path: '/v1beta/models/*rest', handler: dispatch }];
}
