import type { IrUsage } from '@interlingua/ir';
import { unsupported } from '@interlingua/ir';

/**
 * What an embedding is for, unified across the wires that take a hint (Gemini `taskType`,
 * Cohere `input_type`, Voyage `input_type`, Jina `task`). OpenAI takes none.
 */
export type IrEmbeddingTask =
  | 'retrieval-query'
  | 'retrieval-document'
  | 'semantic-similarity'
  | 'classification'
  | 'clustering'
  | 'question-answering'
  | 'fact-verification'
  | 'code-retrieval-query'
  | 'code-retrieval-document';

/** The wire ids of the embeddings package (`ServiceEndpoint.wire` for the `embeddings` service). */
export const EMBEDDING_WIRE_IDS = ['openai', 'gemini', 'cohere-v2', 'voyage', 'jina'] as const;

export type EmbeddingWireId = (typeof EMBEDDING_WIRE_IDS)[number];

/** Per-wire extras that only that wire can carry (`{ openai: { user } }`, `{ gemini: { title } }`). */
export type IrEmbeddingExtensions = Partial<Record<EmbeddingWireId, Record<string, unknown>>>;

/**
 * One embeddings request, independent of its wire.
 *
 * Invariants: `inputs` is never empty; it holds either texts or token-id arrays (OpenAI only),
 * never both; every token array is non-empty.
 */
export interface IrEmbeddingRequest {
  model: string;
  inputs: string[] | number[][];
  /** Length of each output vector (OpenAI `dimensions`, Gemini `outputDimensionality`, …). */
  dimensions?: number;
  taskType?: IrEmbeddingTask;
  /**
   * How the caller wants vectors written in its answer: floats or base64 of little-endian
   * float32. Upstream requests ask for floats except on OpenAI's wire, which carries it as is.
   */
  encodingFormat?: 'float' | 'base64';
  extensions?: IrEmbeddingExtensions;
}

/** One embeddings answer: one vector per input, in input order. */
export interface IrEmbeddingResponse {
  /** The answer's id where the wire has one (Cohere). */
  id?: string;
  /** The model the upstream reports, when it does. */
  model?: string;
  vectors: number[][];
  /** Input tokens (`outputTokens` is 0); absent when the upstream reports none (Gemini). */
  usage?: IrUsage;
}

/** True when the inputs are token-id arrays rather than texts. */
export function isTokenInputs(inputs: IrEmbeddingRequest['inputs']): inputs is number[][] {
  return inputs.length > 0 && Array.isArray(inputs[0]);
}

/**
 * The inputs as texts, for a wire that only takes text; token-id arrays are refused with an
 * `unsupported` error (400) naming `input`.
 */
export function textInputs(request: IrEmbeddingRequest, wireName: string): string[] {
  if (isTokenInputs(request.inputs)) {
    throw unsupported(`input: ${wireName} embeddings take text only; token-id arrays cannot be sent to it`, 'input');
  }
  return request.inputs as string[];
}

/** Input-token usage (`outputTokens` 0), keeping the provider's object in `raw`. */
export function embeddingUsage(inputTokens: number, raw: unknown): IrUsage {
  return { inputTokens, outputTokens: 0, totalTokens: inputTokens, raw };
}
