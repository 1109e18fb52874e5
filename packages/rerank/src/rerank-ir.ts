import type { IrUsage } from '@interlingua/ir';

/** The wire ids of the rerank package (`ServiceEndpoint.wire` for the `rerank` service). */
export const RERANK_WIRE_IDS = ['cohere-v2', 'jina', 'voyage', 'tei'] as const;

export type RerankWireId = (typeof RERANK_WIRE_IDS)[number];

/** Style-only extras: `rerank` for the gateway's own `/v1/rerank` style, else a wire id. */
export type IrRerankExtensions = Partial<Record<RerankWireId | 'rerank', Record<string, unknown>>>;

/** One rerank request. Invariant: `documents` is non-empty; `topN`, when set, is at least 1. */
export interface IrRerankRequest {
  model: string;
  query: string;
  /** Document texts; result `index` values point into this array. */
  documents: string[];
  /** Keep only the best `topN` results (Cohere/Jina `top_n`, Voyage `top_k`). */
  topN?: number;
  /** Answer each result with its document text (taken from the request). Default false. */
  returnDocuments?: boolean;
  extensions?: IrRerankExtensions;
}

/** One scored document. */
export interface IrRerankResult {
  /** Position of the document in the request's `documents`. */
  index: number;
  relevanceScore: number;
  /** The document text, when the caller asked for documents. */
  document?: string;
}

/** One rerank answer: results sorted by `relevanceScore`, best first. */
export interface IrRerankResponse {
  id?: string;
  model?: string;
  results: IrRerankResult[];
  /** Tokens, where the upstream reports them (`outputTokens` is 0). */
  usage?: IrUsage;
  /** Cohere's billing unit (`meta.billed_units.search_units`), where reported. */
  searchUnits?: number;
}

/** Input-token usage (`outputTokens` 0), keeping the provider's object in `raw`. */
export function rerankUsage(inputTokens: number, raw: unknown): IrUsage {
  return { inputTokens, outputTokens: 0, totalTokens: inputTokens, raw };
}
