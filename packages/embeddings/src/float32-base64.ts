/**
 * Vectors as OpenAI's `encoding_format: "base64"` writes them: the components as consecutive
 * IEEE-754 float32 little-endian bytes, in standard base64 (`+/`, `=` padding). Pure: DataView,
 * `atob` and `btoa` only (no Buffer), so it runs in browsers and edge runtimes too.
 *
 * @see https://platform.openai.com/docs/api-reference/embeddings/create#embeddings-create-encoding_format
 */

const CHUNK = 0x8000;

/** A vector -> base64 of its float32 little-endian bytes (components rounded to float32). */
export function encodeFloat32Base64(vector: readonly number[]): string {
  const view = new DataView(new ArrayBuffer(vector.length * 4));
  vector.forEach((value, i) => view.setFloat32(i * 4, value, true));
  const bytes = new Uint8Array(view.buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/**
 * Base64 of float32 little-endian bytes -> the vector. Returns undefined when the text is not
 * base64 or its length is not a whole number of float32 values.
 */
export function decodeFloat32Base64(text: string): number[] | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  if (binary.length % 4 !== 0) return undefined;
  const view = new DataView(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) view.setUint8(i, binary.charCodeAt(i));
  const out = new Array<number>(binary.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
