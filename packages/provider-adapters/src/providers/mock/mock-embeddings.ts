import { invalidRequest } from '@interlingua/ir';
import {
  embeddingUsage,
  isTokenInputs,
  type IrEmbeddingRequest,
  type IrEmbeddingResponse,
} from '@interlingua/embeddings';

/** Vector length when the request names none. */
export const MOCK_EMBEDDING_DIMENSIONS = 256;
/** Longest vector the mock makes. */
export const MOCK_MAX_EMBEDDING_DIMENSIONS = 8192;

/** 32-bit FNV-1a of a string's UTF-16 code units. */
export function fnv1a(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The mock's words: lower-cased runs of letters and digits. */
export function mockWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The mock's embedding of a list of words (feature hashing): each word adds +1 or -1 at
 * position `fnv1a(word) mod dimensions` (the sign is bit 0 of `fnv1a(word + "#")`), and the
 * vector is scaled to length 1. No words gives the unit vector on axis 0. Texts that share
 * words get a positive cosine similarity, so the mock is usable for trying retrieval code.
 */
export function mockEmbedding(words: readonly string[], dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of words) vector[fnv1a(word) % dimensions]! += fnv1a(`${word}#`) & 1 ? -1 : 1;
  const norm = Math.hypot(...vector);
  if (norm === 0) {
    vector.fill(0);
    vector[0] = 1;
    return vector;
  }
  return vector.map((value) => value / norm);
}

/**
 * The `mock` provider's embeddings: `mockEmbedding(mockWords(text))` per text (a token-id array
 * counts each id as a word), `dimensions` long (default 256, at most 8192). Usage: a text counts
 * ceil(characters / 4) tokens (at least 1), a token array its length.
 */
export function mockEmbed(request: IrEmbeddingRequest): IrEmbeddingResponse {
  const dimensions = request.dimensions ?? MOCK_EMBEDDING_DIMENSIONS;
  if (dimensions > MOCK_MAX_EMBEDDING_DIMENSIONS)
    throw invalidRequest(
      `dimensions: the mock provider makes vectors of at most ${MOCK_MAX_EMBEDDING_DIMENSIONS} dimensions`,
      'dimensions',
    );
  const tokens = isTokenInputs(request.inputs);
  const words = request.inputs.map((input) => (Array.isArray(input) ? input.map(String) : mockWords(input)));
  const inputTokens = request.inputs.reduce<number>(
    (sum, input) => sum + (Array.isArray(input) ? input.length : Math.max(1, Math.ceil(input.length / 4))),
    0,
  );
  return {
    model: request.model,
    vectors: words.map((list) => mockEmbedding(list, dimensions)),
    usage: embeddingUsage(inputTokens, {
      prompt_tokens: inputTokens,
      total_tokens: inputTokens,
      ...(tokens ? { token_inputs: true } : {}),
    }),
  };
}
