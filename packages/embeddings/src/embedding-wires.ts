import type { Result } from '@interlingua/ir';
import { cohereEmbedRequestToIr } from './cohere-embed-request-to-ir.js';
import { cohereEmbedResponseToIr } from './cohere-embed-response-to-ir.js';
import type { EmbeddingWireId, IrEmbeddingRequest, IrEmbeddingResponse } from './embedding-ir.js';
import { geminiBatchEmbedRequestToIr } from './gemini-embed-request-to-ir.js';
import { geminiEmbedResponseToIr } from './gemini-embed-response-to-ir.js';
import { irToCohereEmbedRequest } from './ir-to-cohere-embed-request.js';
import { irToCohereEmbedResponse } from './ir-to-cohere-embed-response.js';
import { irToGeminiBatchEmbedRequest } from './ir-to-gemini-embed-request.js';
import { irToGeminiBatchEmbedResponse } from './ir-to-gemini-embed-response.js';
import { irToJinaEmbeddingsRequest } from './ir-to-jina-embeddings-request.js';
import { irToJinaEmbeddingsResponse } from './ir-to-jina-embeddings-response.js';
import { irToOpenAiEmbeddingsRequest } from './ir-to-openai-embeddings-request.js';
import { irToOpenAiEmbeddingsResponse, type EmbeddingAnswerOptions } from './ir-to-openai-embeddings-response.js';
import { irToVoyageEmbeddingsRequest } from './ir-to-voyage-embeddings-request.js';
import { irToVoyageEmbeddingsResponse } from './ir-to-voyage-embeddings-response.js';
import { jinaEmbeddingsRequestToIr } from './jina-embeddings-request-to-ir.js';
import { jinaEmbeddingsResponseToIr } from './jina-embeddings-response-to-ir.js';
import { openAiEmbeddingsRequestToIr } from './openai-embeddings-request-to-ir.js';
import { openAiEmbeddingsResponseToIr } from './openai-embeddings-response-to-ir.js';
import { voyageEmbeddingsRequestToIr } from './voyage-embeddings-request-to-ir.js';
import { voyageEmbeddingsResponseToIr } from './voyage-embeddings-response-to-ir.js';

/**
 * One embeddings wire: its requests and answers to and from the IR. `request.toIr` throws an
 * `invalid-request` (or `unsupported`) IrError naming the field; `request.fromIr` refuses
 * token arrays on text-only wires; `response.toIr` throws `upstream-error` on a body that is
 * not an answer of the wire.
 */
export interface EmbeddingWireCodec {
  id: EmbeddingWireId;
  /** Human name used in messages (`Cohere`). */
  name: string;
  request: { toIr(wire: unknown): Result<IrEmbeddingRequest>; fromIr(ir: IrEmbeddingRequest): Result<unknown> };
  response: {
    toIr(wire: unknown): Result<IrEmbeddingResponse>;
    fromIr(ir: IrEmbeddingResponse, options?: EmbeddingAnswerOptions): Result<unknown>;
  };
}

/** Every embeddings wire, by id. Gemini's entry is the batch form (`:batchEmbedContents`). */
export const EMBEDDING_WIRES: Readonly<Record<EmbeddingWireId, EmbeddingWireCodec>> = {
  openai: {
    id: 'openai',
    name: 'OpenAI',
    request: { toIr: openAiEmbeddingsRequestToIr, fromIr: irToOpenAiEmbeddingsRequest },
    response: { toIr: openAiEmbeddingsResponseToIr, fromIr: irToOpenAiEmbeddingsResponse },
  },
  gemini: {
    id: 'gemini',
    name: 'Gemini',
    request: { toIr: geminiBatchEmbedRequestToIr, fromIr: irToGeminiBatchEmbedRequest },
    response: { toIr: geminiEmbedResponseToIr, fromIr: irToGeminiBatchEmbedResponse },
  },
  'cohere-v2': {
    id: 'cohere-v2',
    name: 'Cohere',
    request: { toIr: cohereEmbedRequestToIr, fromIr: irToCohereEmbedRequest },
    response: { toIr: cohereEmbedResponseToIr, fromIr: irToCohereEmbedResponse },
  },
  voyage: {
    id: 'voyage',
    name: 'Voyage',
    request: { toIr: voyageEmbeddingsRequestToIr, fromIr: irToVoyageEmbeddingsRequest },
    response: { toIr: voyageEmbeddingsResponseToIr, fromIr: irToVoyageEmbeddingsResponse },
  },
  jina: {
    id: 'jina',
    name: 'Jina',
    request: { toIr: jinaEmbeddingsRequestToIr, fromIr: irToJinaEmbeddingsRequest },
    response: { toIr: jinaEmbeddingsResponseToIr, fromIr: irToJinaEmbeddingsResponse },
  },
};

/** The codec of an embeddings wire id, or undefined for an id this package does not define. */
export function embeddingWire(id: string): EmbeddingWireCodec | undefined {
  return Object.hasOwn(EMBEDDING_WIRES, id) ? EMBEDDING_WIRES[id as EmbeddingWireId] : undefined;
}
