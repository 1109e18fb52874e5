import type { IrEmbeddingTask } from '../embedding-ir.js';

/**
 * `input_type` is not an OpenAI field, but OpenAI-style gateways and servers accept it on
 * `/v1/embeddings` (LiteLLM, NVIDIA NIM, Voyage through OpenAI-style clients). These spellings
 * are read as an IR task; any other value is only kept (and forwarded to OpenAI-wire upstreams).
 */
export const OPENAI_INPUT_TYPES = [
  'query',
  'search_query',
  'document',
  'passage',
  'search_document',
  'classification',
  'clustering',
] as const;

export type OpenAiInputType = (typeof OPENAI_INPUT_TYPES)[number];

/**
 * Accepted `input_type` spellings -> IR task.
 * @see https://docs.litellm.ai/docs/embedding/supported_embedding
 */
export const OPENAI_INPUT_TYPE_TO_IR = {
  query: 'retrieval-query',
  search_query: 'retrieval-query',
  document: 'retrieval-document',
  passage: 'retrieval-document',
  search_document: 'retrieval-document',
  classification: 'classification',
  clustering: 'clustering',
} as const satisfies Record<OpenAiInputType, IrEmbeddingTask>;

/** Reads an `input_type` value as an IR task when it is one of the accepted spellings. */
export function openAiInputTypeToIr(value: unknown): IrEmbeddingTask | undefined {
  return typeof value === 'string' && (OPENAI_INPUT_TYPES as readonly string[]).includes(value)
    ? OPENAI_INPUT_TYPE_TO_IR[value as OpenAiInputType]
    : undefined;
}
