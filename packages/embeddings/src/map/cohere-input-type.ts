import type { IrEmbeddingTask } from '../embedding-ir.js';

/** Cohere embed `input_type` values for text (`image` is a modality, not a task). */
export const COHERE_TEXT_INPUT_TYPES = ['search_query', 'search_document', 'classification', 'clustering'] as const;

export type CohereTextInputType = (typeof COHERE_TEXT_INPUT_TYPES)[number];

/**
 * Cohere `input_type` -> IR task.
 * @see https://docs.cohere.com/reference/embed
 */
export const COHERE_INPUT_TYPE_TO_IR = {
  search_query: 'retrieval-query',
  search_document: 'retrieval-document',
  classification: 'classification',
  clustering: 'clustering',
} as const satisfies Record<CohereTextInputType, IrEmbeddingTask>;

/**
 * IR task -> Cohere `input_type`; `undefined` where Cohere has no such input type (the request
 * then sends the documented default `search_document`, with a warning).
 * @see https://docs.cohere.com/reference/embed
 */
export const IR_TASK_TO_COHERE = {
  'retrieval-query': 'search_query',
  'retrieval-document': 'search_document',
  'semantic-similarity': undefined,
  classification: 'classification',
  clustering: 'clustering',
  'question-answering': 'search_query',
  'fact-verification': undefined,
  'code-retrieval-query': 'search_query',
  'code-retrieval-document': 'search_document',
} as const satisfies Record<IrEmbeddingTask, CohereTextInputType | undefined>;
