import { describe, expect, it } from 'vitest';
import { listRecordings, recordingJson } from '@interlingua/testkit';
import {
  geminiBatchEmbedContentsRequestSchema,
  geminiBatchEmbedContentsResponse,
  geminiBatchEmbedContentsResponseSchema,
  geminiEmbedContentRequestSchema,
  geminiEmbedContentResponse,
  geminiEmbedContentResponseSchema,
  geminiEmbedContentText,
} from './index.js';

describe('gemini embeddings shapes', () => {
  it('parses the recorded batchEmbedContents answer', () => {
    const [recording] = listRecordings('embeddings', (r) => r.file === 'embeddings/04-gemini-batch-embed.json');
    expect(recording).toBeDefined();
    const parsed = geminiBatchEmbedContentsResponseSchema.parse(recordingJson(recording!));
    expect(parsed.embeddings).toHaveLength(1);
    expect(parsed.embeddings[0]?.values).toHaveLength(768);
  });

  it('parses requests as @google/genai sends them', () => {
    const batch = geminiBatchEmbedContentsRequestSchema.parse({
      requests: [
        {
          model: 'models/gemini-embedding-001',
          content: { parts: [{ text: 'a' }, { text: 'b' }] },
          taskType: 'RETRIEVAL_QUERY',
          outputDimensionality: 768,
        },
      ],
    });
    expect(batch.requests[0] && geminiEmbedContentText(batch.requests[0])).toBe('a\nb');
    expect(geminiEmbedContentRequestSchema.safeParse({ content: { parts: [] } }).success).toBe(false);
    expect(geminiBatchEmbedContentsRequestSchema.safeParse({ requests: [] }).success).toBe(false);
  });

  it('builds answers', () => {
    expect(geminiEmbedContentResponseSchema.parse(geminiEmbedContentResponse([0.1, 0.2]))).toEqual({
      embedding: { values: [0.1, 0.2] },
    });
    expect(geminiBatchEmbedContentsResponse([[1], [2, 3]])).toEqual({
      embeddings: [{ values: [1] }, { values: [2, 3] }],
    });
  });
});
