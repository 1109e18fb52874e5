import type { IrEmbeddingTask } from '../embedding-ir.js';

export const VOYAGE_INPUT_TYPES = ['query', 'document'] as const;

export type VoyageInputType = (typeof VOYAGE_INPUT_TYPES)[number];

/**
 * Voyage `input_type` -> IR task (`null`, the default, means no task).
 * @see https://docs.voyageai.com/reference/embeddings-api
 */
export const VOYAGE_INPUT_TYPE_TO_IR = {
  query: 'retrieval-query',
  document: 'retrieval-document',
} as const satisfies Record<VoyageInputType, IrEmbeddingTask>;

/**
 * IR task -> Voyage `input_type`; `undefined` sends none (Voyage then embeds the text as is).
 * @see https://docs.voyageai.com/reference/embeddings-api
 */
export const IR_TASK_TO_VOYAGE = {
  'retrieval-query': 'query',
  'retrieval-document': 'document',
  'semantic-similarity': undefined,
  classification: undefined,
  clustering: undefined,
  'question-answering': 'query',
  'fact-verification': undefined,
  'code-retrieval-query': 'query',
  'code-retrieval-document': 'document',
} as const satisfies Record<IrEmbeddingTask, VoyageInputType | undefined>;
