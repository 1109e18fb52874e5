/*
 * `JSON.stringify` of a large object written as UTF-8 bytes piece by piece: each top-level value,
 * and each element of a top-level array, is serialised on its own and written into one buffer.
 * `JSON.stringify` of a 256 KB conversation makes one string of 256 KB or more, which V8 keeps in
 * its large-object space at about a millisecond per allocation whatever the size (see
 * `http/json-object-pieces.ts`); the pieces stay short, and the bytes live outside the heap, which
 * is what the upstream write wants anyway.
 */

/** Serialised pieces of `value` whose concatenation is `JSON.stringify(value)`. */
function piecesOf(value: Record<string, unknown>): string[] {
  const pieces: string[] = [];
  let separator = '{';
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (Array.isArray(member) && typeof (member as { toJSON?: unknown }).toJSON !== 'function') {
      pieces.push(`${separator}${JSON.stringify(key)}:[`);
      for (let index = 0; index < member.length; index++) {
        // An element that serialises to nothing (undefined, a function) is `null` in an array.
        const element = JSON.stringify(member[index] as unknown) as string | undefined;
        pieces.push(index === 0 ? (element ?? 'null') : `,${element ?? 'null'}`);
      }
      pieces.push(']');
    } else {
      // A member that serialises to nothing is left out of an object.
      const text = JSON.stringify(member) as string | undefined;
      if (text === undefined) continue;
      pieces.push(`${separator}${JSON.stringify(key)}:${text}`);
    }
    separator = ',';
  }
  pieces.push(separator === '{' ? '{}' : '}');
  return pieces;
}

/**
 * The bytes of `JSON.stringify(value)` for a plain JSON object (no `toJSON` on it), built from
 * pieces so that no string holds the whole text.
 */
export function jsonBytesInPieces(value: Record<string, unknown>): Buffer {
  const pieces = piecesOf(value);
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return bytes;
}
