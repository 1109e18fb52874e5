import * as z from 'zod';

/**
 * Gemini `:embedContent` / `:batchEmbedContents` shapes. Declared here rather than imported
 * from `@interlingua/gemini`: style packages never import each other, and these few schemas
 * are all this package needs (the gemini package keeps its own copy for its callers).
 *
 * @see https://ai.google.dev/api/embeddings
 */

/** The content to embed; only text parts can be converted to the IR. */
export const geminiEmbedContentSchema = z.looseObject({
  role: z.string().optional(),
  parts: z.array(z.looseObject({ text: z.string().optional() })).min(1, 'parts must not be empty'),
});

/** One `EmbedContentRequest` (`model` is `models/<id>`; optional on `:embedContent`). */
export const geminiEmbedRequestSchema = z.looseObject({
  model: z.string().optional(),
  content: geminiEmbedContentSchema,
  taskType: z.string().optional(),
  title: z.string().optional(),
  outputDimensionality: z.number().int().positive().optional(),
});

/** `:batchEmbedContents` body. */
export const geminiBatchEmbedRequestSchema = z.looseObject({
  requests: z.array(geminiEmbedRequestSchema).min(1, 'requests must not be empty'),
});

const contentEmbedding = z.looseObject({ values: z.array(z.number()) });

/** `:embedContent` answer. */
export const geminiEmbedResponseSchema = z.looseObject({ embedding: contentEmbedding });

/** `:batchEmbedContents` answer. */
export const geminiBatchEmbedResponseSchema = z.looseObject({ embeddings: z.array(contentEmbedding) });

/** Strict answers, for tests of what the gateway writes. */
export const geminiEmbedStrictResponseSchema = z.strictObject({
  embedding: z.strictObject({ values: z.array(z.number()) }),
});
export const geminiBatchEmbedStrictResponseSchema = z.strictObject({
  embeddings: z.array(z.strictObject({ values: z.array(z.number()) })),
});

export type GeminiEmbedRequest = z.infer<typeof geminiEmbedRequestSchema>;
export type GeminiBatchEmbedRequest = z.infer<typeof geminiBatchEmbedRequestSchema>;
export type GeminiEmbedResponse = z.infer<typeof geminiEmbedStrictResponseSchema>;
export type GeminiBatchEmbedResponse = z.infer<typeof geminiBatchEmbedStrictResponseSchema>;
