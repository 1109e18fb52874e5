import type { Result } from '@interlingua/ir';
import { irToCohereRerankRequest } from './cohere-rerank-request.js';
import { irToJinaRerankRequest } from './jina-rerank-request.js';
import type { IrRerankRequest, IrRerankResponse, RerankWireId } from './rerank-ir.js';
import { rerankResultsResponseToIr } from './rerank-results-response-to-ir.js';
import { irToTeiRerankRequest, teiRerankResponseToIr } from './tei-rerank.js';
import { irToVoyageRerankRequest, voyageRerankResponseToIr } from './voyage-rerank.js';

/**
 * One upstream rerank wire: the request body for it, and its answer read into the IR (order as
 * sent: pass the result through `finishRerankResponse` before answering a caller).
 */
export interface RerankWireCodec {
  id: RerankWireId;
  /** Human name used in messages. */
  name: string;
  request: { fromIr(ir: IrRerankRequest): Result<unknown> };
  response: { toIr(wire: unknown): Result<IrRerankResponse> };
}

/** Every upstream rerank wire, by id. */
export const RERANK_WIRES: Readonly<Record<RerankWireId, RerankWireCodec>> = {
  'cohere-v2': {
    id: 'cohere-v2',
    name: 'Cohere',
    request: { fromIr: irToCohereRerankRequest },
    response: { toIr: (wire) => rerankResultsResponseToIr(wire, 'Cohere') },
  },
  jina: {
    id: 'jina',
    name: 'Jina-compatible',
    request: { fromIr: irToJinaRerankRequest },
    response: { toIr: (wire) => rerankResultsResponseToIr(wire, 'Jina-compatible') },
  },
  voyage: {
    id: 'voyage',
    name: 'Voyage',
    request: { fromIr: irToVoyageRerankRequest },
    response: { toIr: voyageRerankResponseToIr },
  },
  tei: {
    id: 'tei',
    name: 'text-embeddings-inference',
    request: { fromIr: irToTeiRerankRequest },
    response: { toIr: teiRerankResponseToIr },
  },
};

/** The codec of a rerank wire id, or undefined for an id this package does not define. */
export function rerankWire(id: string): RerankWireCodec | undefined {
  return Object.hasOwn(RERANK_WIRES, id) ? RERANK_WIRES[id as RerankWireId] : undefined;
}
