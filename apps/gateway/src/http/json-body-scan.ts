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
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const isWhitespace = (b: number | undefined): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isDigit = (b: number | undefined): boolean => b !== undefined && b >= ZERO && b <= NINE;
const isHex = (b: number | undefined): boolean =>
  b !== undefined && ((b >= ZERO && b <= NINE) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));
/** The single-character escapes JSON allows after a backslash: " \ / b f n r t. */
const SIMPLE_ESCAPES = new Uint8Array(256);
for (const c of '"\\/bfnrt') SIMPLE_ESCAPES[c.charCodeAt(0)] = 1;

/** Bytes that end a run of ordinary string text: the quote, the backslash, control characters. */
const STRING_STOP = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) STRING_STOP[b] = 1;
STRING_STOP[QUOTE] = 1;
STRING_STOP[BACKSLASH] = 1;

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** Thrown inside the scan for any doubt; never leaves `scanJsonObject`. */
class Doubt {}
const DOUBT = new Doubt();

class Scan {
  pos = 0;
  unicodeEscapes = false;
  constructor(
    readonly bytes: Uint8Array,
    readonly maxDepth: number,
  ) {}

  ws(): void {
    const bytes = this.bytes;
    let pos = this.pos;
    while (isWhitespace(bytes[pos])) pos++;
    this.pos = pos;
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
      // Ordinary text bytes are the bulk of a body: one table load each.
      while (pos < length && STRING_STOP[bytes[pos] as number] === 0) pos++;
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
    for (const byte of word) this.expect(byte);
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
    else if (b === OPEN_BRACE) this.container(depth + 1, CLOSE_BRACE, true);
    else if (b === OPEN_BRACKET) this.container(depth + 1, CLOSE_BRACKET, false);
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
    for (;;) {
      if (keyed) {
        if (this.bytes[this.pos] !== QUOTE) throw DOUBT;
        this.string();
        this.ws();
        this.expect(COLON);
        this.ws();
      }
      this.value(depth);
      this.ws();
      const next = this.bytes[this.pos];
      this.pos++;
      if (next === close) return;
      if (next !== COMMA) throw DOUBT;
      this.ws();
    }
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
    if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return false;
    let pos = start + 1;
    while (isWhitespace(this.bytes[pos])) pos++;
    return pos === end - 1;
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
    scan.expect(OPEN_BRACE);
    scan.ws();
    if (bytes[scan.pos] === CLOSE_BRACE) scan.pos++;
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
        scan.value(1);
        const end = scan.pos;
        fields.push({
          key,
          start,
          end,
          first: bytes[start] as number,
          empty: scan.emptyAt(start, end),
          unicodeEscapes: scan.unicodeEscapes,
        });
        scan.ws();
        const next = bytes[scan.pos];
        scan.pos++;
        if (next === CLOSE_BRACE) break;
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
