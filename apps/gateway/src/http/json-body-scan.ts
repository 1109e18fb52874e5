/**
 * A validating scan of a JSON object's bytes that builds no tree: it checks the whole text the way
 * `JSON.parse` does (grammar, string escapes, no raw control characters, nothing after the
 * object) and reports where each top-level value lies. Hand-written because it is the hot path of
 * large same-style bodies: the relay needs a few top-level fields and the bytes as they came, not
 * a parsed copy of a long conversation (a 64 KB agent turn is ~600 nodes and a 64 KB string).
 *
 * Any doubt gives `undefined` and the caller parses the body as before: invalid JSON (whose 400
 * the parser words), a key with escapes, a key twice, `__proto__`, nesting deeper than `maxDepth`.
 */

import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  holdsBackslash,
  isWordAt,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  skipJsonSpace,
  StringStops,
} from './json-lexer.js';
import { everyStyles } from './request-styles.js';

/** Where one top-level value lies in the bytes. */
export interface ScannedField {
  key: string;
  /** First byte of the value. */
  start: number;
  /** One past its last byte. */
  end: number;
  /** The value's first byte: `"`, `{`, `[`, `t`, `f`, `n`, `-` or a digit. */
  first: number;
  /** An array or object with nothing inside. */
  empty: boolean;
  /** Some string inside holds a `\u` escape (text that a byte search would not see as it reads). */
  unicodeEscapes: boolean;
  /**
   * Some object inside may name media by URL: it has a `fileData` / `file_data` key, or a `type` key
   * whose string value is one of `MEDIA_PART_TYPES`, or a key (or such a value) with an escape
   * that could spell one. False means the media-URL walk would find nothing in the value.
   */
  namesMedia: boolean;
  /** Some object inside names `type` twice (however spelled): the body is refused. */
  typeTwice: boolean;
}

/** The part types that can name media by URL (chat, Responses, Anthropic), as their style packages list them. */
export const MEDIA_PART_TYPES = everyStyles('mediaPartTypes');
/** The keys of file parts (Gemini's). */
const FILE_DATA_KEYS = everyStyles('fileDataKeys');

const asBytes = (words: Iterable<string>): Buffer[] => [...words].map((word) => Buffer.from(word));
const MEDIA_TYPE_BYTES = asBytes(MEDIA_PART_TYPES);
const FILE_DATA_KEY_BYTES = asBytes(FILE_DATA_KEYS);
const TYPE_KEY = [Buffer.from('type')];

const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const isDigit = (b: number | undefined): boolean => b !== undefined && b >= ZERO && b <= NINE;
const isHex = (b: number | undefined): boolean =>
  b !== undefined && ((b >= ZERO && b <= NINE) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));
/** The single-character escapes JSON allows after a backslash: " \ / b f n r t. */
const SIMPLE_ESCAPES = new Uint8Array(256);
for (const c of '"\\/bfnrt') SIMPLE_ESCAPES[c.charCodeAt(0)] = 1;

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** Thrown inside the scan for any doubt; never leaves `scanJsonObject`. */
class Doubt {}
const DOUBT = new Doubt();

/** Whether `bytes[start, end)` is one of `words`. */
function oneOf(bytes: Uint8Array, start: number, end: number, words: readonly Buffer[]): boolean {
  for (const word of words) if (isWordAt(bytes, start, end, word)) return true;
  return false;
}

/** The text of the key `bytes[start, end)` (quotes outside), escapes decoded. */
const decodedKey = (bytes: Uint8Array, start: number, end: number): unknown =>
  JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + start - 1, end - start + 2).toString('utf8'));

class Scan {
  pos = 0;
  unicodeEscapes = false;
  namesMedia = false;
  typeTwice = false;
  /** The string text read four bytes at a time. */
  readonly stops: StringStops;

  constructor(
    readonly bytes: Uint8Array,
    readonly maxDepth: number,
  ) {
    this.stops = new StringStops(bytes);
  }

  ws(): void {
    this.pos = skipJsonSpace(this.bytes, this.pos);
  }

  expect(byte: number): void {
    if (this.bytes[this.pos] !== byte) throw DOUBT;
    this.pos++;
  }

  /** From the opening quote to one past the closing one. */
  string(): void {
    const bytes = this.bytes;
    const length = bytes.length;
    let pos = this.pos + 1;
    for (;;) {
      // Ordinary text bytes are the bulk of a body: read four at a time.
      pos = this.stops.next(pos);
      if (pos >= length) throw DOUBT;
      const b = bytes[pos] as number;
      if (b === QUOTE) break;
      if (b < 0x20) throw DOUBT;
      if (b === BACKSLASH) {
        const escaped = bytes[pos + 1] as number;
        if (escaped === 0x75) {
          if (!isHex(bytes[pos + 2]) || !isHex(bytes[pos + 3]) || !isHex(bytes[pos + 4]) || !isHex(bytes[pos + 5]))
            throw DOUBT;
          this.unicodeEscapes = true;
          pos += 6;
          continue;
        }
        if (SIMPLE_ESCAPES[escaped] !== 1) throw DOUBT;
        pos += 2;
        continue;
      }
      pos++;
    }
    this.pos = pos + 1;
  }

  literal(word: readonly number[]): void {
    const { bytes, pos } = this;
    for (let at = 0; at < word.length; at++) if (bytes[pos + at] !== word[at]) throw DOUBT;
    this.pos = pos + word.length;
  }

  number(): void {
    const bytes = this.bytes;
    if (bytes[this.pos] === MINUS) this.pos++;
    if (bytes[this.pos] === ZERO) this.pos++;
    else if (isDigit(bytes[this.pos])) while (isDigit(bytes[this.pos])) this.pos++;
    else throw DOUBT;
    if (bytes[this.pos] === DOT) {
      this.pos++;
      if (!isDigit(bytes[this.pos])) throw DOUBT;
      while (isDigit(bytes[this.pos])) this.pos++;
    }
    const e = bytes[this.pos];
    if (e === 0x65 || e === 0x45) {
      this.pos++;
      if (bytes[this.pos] === PLUS || bytes[this.pos] === MINUS) this.pos++;
      if (!isDigit(bytes[this.pos])) throw DOUBT;
      while (isDigit(bytes[this.pos])) this.pos++;
    }
  }

  value(depth: number): void {
    const b = this.bytes[this.pos];
    if (b === QUOTE) this.string();
    else if (b === OPEN_OBJECT) this.container(depth + 1, CLOSE_OBJECT, true);
    else if (b === OPEN_ARRAY) this.container(depth + 1, CLOSE_ARRAY, false);
    else if (b === 0x74) this.literal(TRUE);
    else if (b === 0x66) this.literal(FALSE);
    else if (b === 0x6e) this.literal(NULL);
    else this.number();
  }

  /** An object (`keyed`) or array from its opening bracket to one past its closing one. */
  container(depth: number, close: number, keyed: boolean): void {
    if (depth > this.maxDepth) throw DOUBT;
    this.pos++;
    this.ws();
    if (this.bytes[this.pos] === close) {
      this.pos++;
      return;
    }
    let typeSeen = false;
    for (;;) {
      let typeKey = false;
      if (keyed) {
        if (this.bytes[this.pos] !== QUOTE) throw DOUBT;
        const keyStart = this.pos + 1;
        this.string();
        if (this.spellsType(keyStart, this.pos - 1)) {
          if (typeSeen) this.typeTwice = true;
          typeSeen = true;
        }
        if (!this.namesMedia) typeKey = this.noteKey(keyStart, this.pos - 1);
        this.ws();
        this.expect(COLON);
        this.ws();
      }
      if (typeKey && this.bytes[this.pos] === QUOTE) {
        const valueStart = this.pos + 1;
        this.string();
        const valueEnd = this.pos - 1;
        if (
          oneOf(this.bytes, valueStart, valueEnd, MEDIA_TYPE_BYTES) ||
          holdsBackslash(this.bytes, valueStart, valueEnd)
        )
          this.namesMedia = true;
      } else this.value(depth);
      this.ws();
      const next = this.bytes[this.pos];
      this.pos++;
      if (next === close) return;
      if (next !== COMMA) throw DOUBT;
      this.ws();
    }
  }

  /** Whether the key `bytes[start, end)` is `type`, however it is spelled. */
  spellsType(start: number, end: number): boolean {
    if (end - start === 4) return isWordAt(this.bytes, start, end, TYPE_KEY[0] as Buffer);
    return end - start > 4 && holdsBackslash(this.bytes, start, end) && decodedKey(this.bytes, start, end) === 'type';
  }

  /**
   * Notes a key inside a value (its bytes from `start` to `end`): a Gemini file key, or any key
   * with an escape, may name media; answers whether it is `type` (its string value is looked at).
   */
  noteKey(start: number, end: number): boolean {
    const length = end - start;
    if (length === 4) {
      if (oneOf(this.bytes, start, end, TYPE_KEY)) return true;
    } else if (length === 8 || length === 9) {
      if (oneOf(this.bytes, start, end, FILE_DATA_KEY_BYTES)) this.namesMedia = true;
    }
    if (length >= 6 && holdsBackslash(this.bytes, start, end)) this.namesMedia = true;
    return false;
  }

  /** A top-level key: plain text without escapes (anything else is left to the parser). */
  key(decode: (start: number, end: number) => string): string {
    const start = this.pos + 1;
    this.string();
    const end = this.pos - 1;
    if (this.bytes.subarray(start, end).includes(BACKSLASH)) throw DOUBT;
    return decode(start, end);
  }

  /** Whether the container value at `start` holds nothing. */
  emptyAt(start: number, end: number): boolean {
    const first = this.bytes[start];
    if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) return false;
    return skipJsonSpace(this.bytes, start + 1) === end - 1;
  }
}

/**
 * The top-level fields of the JSON object in `bytes`, in order, or `undefined` when the text is
 * not exactly a JSON object this scan is sure of (the caller then parses it).
 */
export function scanJsonObject(bytes: Buffer, maxDepth = 64): ScannedField[] | undefined {
  const scan = new Scan(bytes, maxDepth);
  const decode = (start: number, end: number): string => bytes.toString('utf8', start, end);
  try {
    const fields: ScannedField[] = [];
    const seen = new Set<string>();
    scan.ws();
    scan.expect(OPEN_OBJECT);
    scan.ws();
    if (bytes[scan.pos] === CLOSE_OBJECT) scan.pos++;
    else
      for (;;) {
        if (bytes[scan.pos] !== QUOTE) throw DOUBT;
        const key = scan.key(decode);
        if (seen.has(key) || key === '__proto__') throw DOUBT;
        seen.add(key);
        scan.ws();
        scan.expect(COLON);
        scan.ws();
        const start = scan.pos;
        scan.unicodeEscapes = false;
        scan.namesMedia = false;
        scan.typeTwice = false;
        scan.value(1);
        const end = scan.pos;
        fields.push({
          key,
          start,
          end,
          first: bytes[start] as number,
          empty: scan.emptyAt(start, end),
          unicodeEscapes: scan.unicodeEscapes,
          namesMedia: scan.namesMedia,
          typeTwice: scan.typeTwice,
        });
        scan.ws();
        const next = bytes[scan.pos];
        scan.pos++;
        if (next === CLOSE_OBJECT) break;
        if (next !== COMMA) throw DOUBT;
        scan.ws();
      }
    scan.ws();
    return scan.pos === bytes.length ? fields : undefined;
  } catch (error) {
    if (error === DOUBT) return undefined;
    throw error;
  }
}
