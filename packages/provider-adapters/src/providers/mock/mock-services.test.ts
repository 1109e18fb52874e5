import { describe, expect, it } from 'vitest';
import { adapterCapabilities } from '../../adapter-capabilities.js';
import { cohereAdapter } from '../cohere/cohere-adapter.js';
import { geminiAdapter } from '../gemini/gemini-adapter.js';
import { groqAdapter } from '../groq/groq-adapter.js';
import { mockAdapter } from './mock-adapter.js';
import { fnv1a, MOCK_EMBEDDING_DIMENSIONS, mockEmbed, mockEmbedding, mockWords } from './mock-embeddings.js';
import { mockRerank } from './mock-rerank.js';

const dot = (a: number[], b: number[]): number => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);

describe('mock embeddings', () => {
  it('are unit vectors of the documented feature hashing, deterministic', () => {
    const { vectors, usage } = mockEmbed({
      model: 'mock',
      inputs: ['Hello, world!', 'hello world', 'something else entirely'],
    });
    expect(vectors.map((v) => v.length)).toEqual([
      MOCK_EMBEDDING_DIMENSIONS,
      MOCK_EMBEDDING_DIMENSIONS,
      MOCK_EMBEDDING_DIMENSIONS,
    ]);
    for (const v of vectors) expect(Math.hypot(...v)).toBeCloseTo(1, 10);
    expect(vectors[0]).toEqual(vectors[1]);
    const expected = new Array<number>(MOCK_EMBEDDING_DIMENSIONS).fill(0);
    for (const word of ['hello', 'world'])
      expected[fnv1a(word) % MOCK_EMBEDDING_DIMENSIONS]! += fnv1a(`${word}#`) & 1 ? -1 : 1;
    const norm = Math.hypot(...expected);
    expect(vectors[0]).toEqual(expected.map((x) => x / norm));
    expect(dot(vectors[0]!, vectors[2]!)).toBeLessThan(dot(vectors[0]!, vectors[1]!));
    expect(usage).toMatchObject({ inputTokens: 4 + 3 + 6, outputTokens: 0 });
  });

  it('honour dimensions, read token arrays, and give axis 0 for text without words', () => {
    const { vectors, usage } = mockEmbed({ model: 'mock', inputs: [[1, 2, 3]], dimensions: 8 });
    expect(vectors[0]).toHaveLength(8);
    expect(vectors[0]).toEqual(mockEmbedding(['1', '2', '3'], 8));
    expect(usage?.inputTokens).toBe(3);
    expect(mockEmbedding(mockWords('?!'), 4)).toEqual([1, 0, 0, 0]);
    expect(() => mockEmbed({ model: 'mock', inputs: ['a'], dimensions: 100_000 })).toThrow(/dimensions/);
  });
});

describe('mock rerank', () => {
  it('scores the share of query words a document holds', () => {
    const answer = mockRerank({
      model: 'mock',
      query: 'capital of France',
      documents: ['Paris is the capital of France', 'Berlin', 'the capital'],
    });
    expect(answer.results).toEqual([
      { index: 0, relevanceScore: 1 },
      { index: 1, relevanceScore: 0 },
      { index: 2, relevanceScore: 1 / 3 },
    ]);
    expect(answer.usage?.inputTokens).toBeGreaterThan(0);
  });
});

describe('adapter capabilities', () => {
  it('say what each provider serves', () => {
    expect(adapterCapabilities(mockAdapter)).toEqual(['chat', 'embeddings', 'rerank', 'images', 'audio']);
    expect(adapterCapabilities(cohereAdapter)).toEqual(['embeddings', 'rerank']);
    expect(adapterCapabilities(geminiAdapter)).toContain('embeddings');
    expect(adapterCapabilities(groqAdapter)).not.toContain('embeddings');
  });
});
