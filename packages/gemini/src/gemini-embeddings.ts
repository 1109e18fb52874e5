import * as z from 'zod/mini';
import './zod-english.js';

/**
 * Gemini embedding shapes. `@google/genai` calls `:batchEmbedContents` even for one input
 * (`requests[].model` is `models/<id>`), so a Gemini-compatible server needs both endpoints.
 *
 * @see https://ai.google.dev/api/embeddings
 */

export const GEMINI_EMBEDDING_TASK_TYPES = [
  'TASK_TYPE_UNSPECIFIED',
  'RETRIEVAL_QUERY',
  'RETRIEVAL_DOCUMENT',
  'SEMANTIC_SIMILARITY',
  'CLASSIFICATION',
  'CLUSTERING',
  'QUESTION_ANSWERING',
  'FACT_VERIFICATION',
  'CODE_RETRIEVAL_QUERY',
] as const;

/** The content to embed: text parts (other parts are kept but not embedded by text models). */
export const geminiEmbedContentSchema = z.looseObject({
  role: z.optional(z.string()),
  parts: z.array(z.looseObject({ text: z.optional(z.string()) })).check(z.minLength(1, 'parts must not be empty')),
});

/** `:embedContent` body (`model` is optional there: it is in the URL). */
export const geminiEmbedContentRequestSchema = z.looseObject({
  model: z.optional(z.string()),
  content: geminiEmbedContentSchema,
  taskType: z.optional(z.string()),
  title: z.optional(z.string()),
  outputDimensionality: z.optional(z.int().check(z.positive())),
});

/** `:batchEmbedContents` body. */
export const geminiBatchEmbedContentsRequestSchema = z.looseObject({
  requests: z.array(geminiEmbedContentRequestSchema).check(z.minLength(1, 'requests must not be empty')),
});

export const geminiContentEmbeddingSchema = z.looseObject({ values: z.array(z.number()) });

/** `:embedContent` answer. */
export const geminiEmbedContentResponseSchema = z.looseObject({ embedding: geminiContentEmbeddingSchema });

/** `:batchEmbedContents` answer. */
export const geminiBatchEmbedContentsResponseSchema = z.looseObject({
  embeddings: z.array(geminiContentEmbeddingSchema),
});

export type GeminiEmbedContentRequest = z.infer<typeof geminiEmbedContentRequestSchema>;
export type GeminiBatchEmbedContentsRequest = z.infer<typeof geminiBatchEmbedContentsRequestSchema>;
export type GeminiContentEmbedding = z.infer<typeof geminiContentEmbeddingSchema>;
export type GeminiEmbedContentResponse = z.infer<typeof geminiEmbedContentResponseSchema>;
export type GeminiBatchEmbedContentsResponse = z.infer<typeof geminiBatchEmbedContentsResponseSchema>;

/** The text of an embed request (its text parts joined by newlines). */
export function geminiEmbedContentText(request: GeminiEmbedContentRequest): string {
  return request.content.parts.flatMap((part) => (part.text === undefined ? [] : [part.text])).join('\n');
}

/** `:embedContent` answer for one vector. */
export function geminiEmbedContentResponse(values: number[]): GeminiEmbedContentResponse {
  return { embedding: { values } };
}

/** `:batchEmbedContents` answer, vectors in request order. */
export function geminiBatchEmbedContentsResponse(vectors: number[][]): GeminiBatchEmbedContentsResponse {
  return { embeddings: vectors.map((values) => ({ values })) };
}
