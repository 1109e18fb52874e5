import { IrError } from '@interlingua/ir';
import { decodeFloat32Base64, encodeFloat32Base64 } from './float32-base64.js';

/** One item of the `data` list that OpenAI, Voyage and Jina answer with. */
export interface EmbeddingDataItem {
  index?: number | undefined;
  embedding: number[] | string;
}

/** The written form of one `data` item. */
export interface EmbeddingDataEntry {
  object: 'embedding';
  index: number;
  embedding: number[] | string;
}

/**
 * A `data` list -> vectors in input order (sorted by `index`, position when absent); base64
 * strings are decoded as little-endian float32. A string that is not such base64 is an
 * `upstream-error`: the gateway never guesses a vector.
 */
export function vectorsFromDataList(data: readonly EmbeddingDataItem[], wireName: string): number[][] {
  const ordered = data
    .map((item, position) => ({ index: item.index ?? position, embedding: item.embedding }))
    .sort((a, b) => a.index - b.index);
  return ordered.map(({ embedding, index }) => {
    if (Array.isArray(embedding)) return embedding;
    const decoded = decodeFloat32Base64(embedding);
    if (!decoded)
      throw new IrError({
        kind: 'upstream-error',
        message: `${wireName} answered data[${index}].embedding with a string that is not base64 float32`,
        source: 'upstream',
      });
    return decoded;
  });
}

/** Vectors -> a `data` list, as floats or as base64 of little-endian float32. */
export function dataListFromVectors(
  vectors: readonly number[][],
  encoding: 'float' | 'base64' | undefined,
): EmbeddingDataEntry[] {
  return vectors.map((vector, index) => ({
    object: 'embedding',
    index,
    embedding: encoding === 'base64' ? encodeFloat32Base64(vector) : vector,
  }));
}

/** An `upstream-error` for an answer that is not an embeddings answer of the wire. */
export function notAnEmbeddingsAnswer(wireName: string, detail: string): IrError {
  return new IrError({
    kind: 'upstream-error',
    message: `The ${wireName} upstream did not answer with embeddings: ${detail}`,
    source: 'upstream',
  });
}
