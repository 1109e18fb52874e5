import type { IrEmbeddingTask } from '../embedding-ir.js';

/** Gemini `taskType` values that name a task (`TASK_TYPE_UNSPECIFIED` means none). */
export const GEMINI_EMBED_TASK_TYPES = [
  'RETRIEVAL_QUERY',
  'RETRIEVAL_DOCUMENT',
  'SEMANTIC_SIMILARITY',
  'CLASSIFICATION',
  'CLUSTERING',
  'QUESTION_ANSWERING',
  'FACT_VERIFICATION',
  'CODE_RETRIEVAL_QUERY',
] as const;

export type GeminiEmbedTaskType = (typeof GEMINI_EMBED_TASK_TYPES)[number];

/**
 * Gemini `taskType` -> IR task.
 * @see https://ai.google.dev/api/embeddings#TaskType
 */
export const GEMINI_TASK_TYPE_TO_IR = {
  RETRIEVAL_QUERY: 'retrieval-query',
  RETRIEVAL_DOCUMENT: 'retrieval-document',
  SEMANTIC_SIMILARITY: 'semantic-similarity',
  CLASSIFICATION: 'classification',
  CLUSTERING: 'clustering',
  QUESTION_ANSWERING: 'question-answering',
  FACT_VERIFICATION: 'fact-verification',
  CODE_RETRIEVAL_QUERY: 'code-retrieval-query',
} as const satisfies Record<GeminiEmbedTaskType, IrEmbeddingTask>;

/**
 * IR task -> Gemini `taskType`. Code blocks are embedded as `RETRIEVAL_DOCUMENT`, as Gemini's
 * documentation asks for code retrieval.
 * @see https://ai.google.dev/gemini-api/docs/embeddings#supported-task-types
 */
export const IR_TASK_TO_GEMINI = {
  'retrieval-query': 'RETRIEVAL_QUERY',
  'retrieval-document': 'RETRIEVAL_DOCUMENT',
  'semantic-similarity': 'SEMANTIC_SIMILARITY',
  classification: 'CLASSIFICATION',
  clustering: 'CLUSTERING',
  'question-answering': 'QUESTION_ANSWERING',
  'fact-verification': 'FACT_VERIFICATION',
  'code-retrieval-query': 'CODE_RETRIEVAL_QUERY',
  'code-retrieval-document': 'RETRIEVAL_DOCUMENT',
} as const satisfies Record<IrEmbeddingTask, GeminiEmbedTaskType>;
