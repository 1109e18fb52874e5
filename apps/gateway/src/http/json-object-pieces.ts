import { safeJsonParse } from '@interlingua/ir-utils';
import { CLOSE_ARRAY, JsonMembers, OPEN_ARRAY, skipJsonSpace } from './json-lexer.js';

/*
 * A large JSON object parsed piece by piece: each top-level value, and each element of a large
 * top-level array, from its own short text. V8 keeps a string longer than about 128 KB of memory
 * (64 K characters once one of them is not Latin-1, as in most real conversations) in its
 * large-object space, and making one there from bytes costs a millisecond or more whatever its
 * size (Node 20: 0.06 ms for 120 KB of ASCII, 1.0 ms for 140 KB, 3.4 ms for 256 K characters of
 * two bytes): decoding a 256 KB agent turn as one text cost more than parsing it. Pieces stay far below that size.
 *
 * The walk finds the pieces without validating them: strings are skipped with `indexOf`, brackets
 * counted. `JSON.parse` then validates every piece, and the walk checks everything between them
 * (the braces, keys, colons, commas and white space of the top-level object and of the split
 * arrays), so when every piece parses the whole text is JSON and parses to the object assembled
 * here. Anything else gives undefined and the caller parses the text whole, with the parser's
 * own error: invalid JSON, `__proto__` at the top level, nothing to split.
 */

/** A top-level array this long (in bytes) is parsed element by element. */
const SPLIT_ARRAYS_FROM_BYTES = 16 * 1024;

/** Thrown inside the walk when the text is not what it can split; the caller parses it whole. */
class NotSplit extends Error {}
const NOT_SPLIT = new NotSplit();

/** The JSON value of `raw[start, end)`, nested at most `maxDepth` levels. */
function parsePiece(raw: Buffer, start: number, end: number, maxDepth: number): unknown {
  const parsed = safeJsonParse(raw.toString('utf8', start, end), maxDepth);
  if (!parsed.ok) throw NOT_SPLIT;
  return parsed.value;
}

/** The array at `raw[start, end)` (brackets included), element by element. */
function parseArray(raw: Buffer, start: number, end: number, maxDepth: number): unknown[] {
  const out: unknown[] = [];
  const elements = new JsonMembers(raw, start);
  while (elements.next()) out.push(parsePiece(raw, elements.valueStart, elements.valueStop, maxDepth - 1));
  if (elements.close !== end - 1) throw NOT_SPLIT;
  return out;
}

/**
 * The object `safeJsonParse(text, maxDepth)` gives for the JSON object in `raw`, parsed in pieces
 * (top-level arrays of `splitArraysFrom` bytes or more element by element); undefined when the
 * text is not a JSON object this walk is sure of, or has no array to split (parse it whole).
 */
export function parseJsonObjectInPieces(
  raw: Buffer,
  maxDepth = 256,
  splitArraysFrom = SPLIT_ARRAYS_FROM_BYTES,
): Record<string, unknown> | undefined {
  try {
    const out: Record<string, unknown> = {};
    let split = false;
    const members = JsonMembers.ofObject(raw);
    if (!members) return undefined;
    while (members.next()) {
      const key = parsePiece(raw, members.keyStart, members.keyEnd, 1) as string;
      if (key === '__proto__') return undefined;
      const { valueStart: start, valueStop: stop } = members;
      const end = members.valueEnd();
      if (raw[start] === OPEN_ARRAY && raw[end - 1] === CLOSE_ARRAY && end - start >= splitArraysFrom) {
        out[key] = parseArray(raw, start, end, maxDepth - 1);
        split = true;
      } else out[key] = parsePiece(raw, start, stop, maxDepth - 1);
    }
    return split && members.close !== -1 && skipJsonSpace(raw, members.close + 1) === raw.length ? out : undefined;
  } catch (error) {
    if (error === NOT_SPLIT) return undefined;
    throw error;
  }
}
