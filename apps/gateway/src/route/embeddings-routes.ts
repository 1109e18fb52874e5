import { IrError } from '@interlingua/ir';
import {
  geminiBatchEmbedRequestToIr,
  geminiEmbedRequestToIr,
  openAiEmbeddingsRequestToIr,
} from '@interlingua/embeddings';
import { codecFor } from '@interlingua/provider-adapters';
import type { ServiceScope } from './route-scope.js';
import { embeddingsService, type EmbeddingsInput } from '../services/embeddings-service.js';
import { parseGeminiModelPath } from './gemini-model-path.js';
import { retrievalRoute } from './retrieval-route.js';
import type { RouteEntry, RouteHandler } from './route-entry.js';
import { GEMINI, OPENAI_CHAT } from '../http/request-styles.js';

/** `POST /v1/embeddings`: OpenAI-style callers to every embeddings upstream. */
export function embeddingsRoutes(gateway: ServiceScope): RouteEntry[] {
  const handler = retrievalRoute<EmbeddingsInput>(gateway, {
    service: 'embeddings',
    errorCodec: codecFor(OPENAI_CHAT),
    read(_request, json, rawBody) {
      const ir = openAiEmbeddingsRequestToIr(json);
      return { model: ir.value.model, input: { caller: 'openai', json, rawBody, count: ir.value.inputs.length, ir } };
    },
    serve: embeddingsService,
  });
  return [{ method: 'post', path: '/v1/embeddings', handler }];
}

/**
 * Gemini's `:embedContent` and `:batchEmbedContents` (what `@google/genai`'s `embedContent`
 * calls) for `/v1beta/models/{model}:{method}`, reaching every embeddings upstream; the Gemini
 * routes dispatch to these by method name.
 */
export function geminiEmbeddingMethods(gateway: ServiceScope): Record<string, RouteHandler> {
  const route = (caller: 'gemini-batch' | 'gemini-single'): RouteHandler =>
    retrievalRoute<EmbeddingsInput>(gateway, {
      service: 'embeddings',
      errorCodec: codecFor(GEMINI),
      read(request, json, rawBody) {
        const { model } = parseGeminiModelPath(request.params?.rest);
        const count = caller === 'gemini-batch' && Array.isArray(json.requests) ? json.requests.length : 1;
        const ir = geminiIr(caller, json, model);
        return { model, input: { caller, json, rawBody, count, ir } };
      },
      serve: embeddingsService,
    });
  return { embedContent: route('gemini-single'), batchEmbedContents: route('gemini-batch') };
}

/** The Gemini body in IR; an `unsupported` refusal (non-text parts) is kept for later, anything else thrown now. */
function geminiIr(
  caller: 'gemini-batch' | 'gemini-single',
  json: Record<string, unknown>,
  model: string,
): EmbeddingsInput['ir'] {
  try {
    const ir = caller === 'gemini-batch' ? geminiBatchEmbedRequestToIr(json) : geminiEmbedRequestToIr(json);
    return { value: { ...ir.value, model }, warnings: ir.warnings };
  } catch (error) {
    if (error instanceof IrError && error.data.kind === 'unsupported') return { error };
    throw error;
  }
}
