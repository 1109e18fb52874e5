import type { IrEmbeddingTask } from '../embedding-ir.js';

export const JINA_TASKS = [
  'retrieval.query',
  'retrieval.passage',
  'text-matching',
  'classification',
  'separation',
  'code.query',
  'code.passage',
] as const;

export type JinaTask = (typeof JINA_TASKS)[number];

/**
 * Jina `task` (the LoRA adapter of jina-embeddings-v3/v4) -> IR task.
 * @see https://jina.ai/embeddings/
 */
export const JINA_TASK_TO_IR = {
  'retrieval.query': 'retrieval-query',
  'retrieval.passage': 'retrieval-document',
  'text-matching': 'semantic-similarity',
  classification: 'classification',
  separation: 'clustering',
  'code.query': 'code-retrieval-query',
  'code.passage': 'code-retrieval-document',
} as const satisfies Record<JinaTask, IrEmbeddingTask>;

/**
 * IR task -> Jina `task`; `undefined` sends none.
 * @see https://jina.ai/embeddings/
 */
export const IR_TASK_TO_JINA = {
  'retrieval-query': 'retrieval.query',
  'retrieval-document': 'retrieval.passage',
  'semantic-similarity': 'text-matching',
  classification: 'classification',
  clustering: 'separation',
  'question-answering': 'retrieval.query',
  'fact-verification': undefined,
  'code-retrieval-query': 'code.query',
  'code-retrieval-document': 'code.passage',
} as const satisfies Record<IrEmbeddingTask, JinaTask | undefined>;
