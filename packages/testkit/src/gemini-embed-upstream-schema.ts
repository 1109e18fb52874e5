import { z } from 'zod';

/**
 * What the Gemini API accepts on `POST /v1beta/models/{model}:batchEmbedContents`, written from
 * https://ai.google.dev/api/embeddings: `requests[]` of `EmbedContentRequest` (`model` required
 * as `models/{model}`, `content.parts`, optional `taskType`, `title`, `outputDimensionality`).
 */
const taskType = z.enum([
  'TASK_TYPE_UNSPECIFIED',
  'RETRIEVAL_QUERY',
  'RETRIEVAL_DOCUMENT',
  'SEMANTIC_SIMILARITY',
  'CLASSIFICATION',
  'CLUSTERING',
  'QUESTION_ANSWERING',
  'FACT_VERIFICATION',
  'CODE_RETRIEVAL_QUERY',
]);

export const geminiEmbedContentUpstreamRequestSchema = z.strictObject({
  model: z.string().regex(/^models\/[^/].*$/, 'must be models/{model}'),
  content: z.strictObject({ role: z.string().optional(), parts: z.array(z.strictObject({ text: z.string() })).min(1) }),
  taskType: taskType.optional(),
  title: z.string().optional(),
  outputDimensionality: z.number().int().positive().optional(),
});

export const geminiBatchEmbedUpstreamRequestSchema = z.strictObject({
  requests: z.array(geminiEmbedContentUpstreamRequestSchema).min(1),
});
