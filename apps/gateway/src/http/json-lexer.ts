/**
 * The one JSON byte lexer of the gateway: the primitives that every scanner, splicer and usage
 * reader builds on when it reads a body or an answer as bytes without parsing it (the body scan,
 * the fast path's splice, the model peek, a large body parsed in pieces, the usage read from an
 * answer's tail or a stream's events, the streamed-text count).
 *
 * Two ways over a string: `jsonStringEnd` jumps from quote to quote with `indexOf` (for the walks
 * that only need to get past strings), `StringStops` reads four bytes at a time and stops at every
 * byte that ends a run of plain text (for the validating scan, which checks each escape).
 */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;

/** JSON's whitespace: space, line feed, carriage return, tab. */
export const isJsonSpace = (byte: number | undefined): boolean =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The first index from `from` on (before `end`) that is not JSON whitespace. */
export function skipJsonSpace(bytes: Uint8Array, from: number, end = bytes.length): number {
  let at = from;
  while (at < end && isJsonSpace(bytes[at])) at++;
  return at;
}

/** One past the last byte before `end` (and from `start` on) that is not JSON whitespace. */
export function trimJsonSpaceEnd(bytes: Uint8Array, end: number, start = 0): number {
  let at = end;
  while (at > start && isJsonSpace(bytes[at - 1])) at--;
  return at;
}

/** `skipJsonSpace` over a text read one character per byte (a chunk as Latin-1, or a string chunk). */
function skipJsonSpaceInText(text: string, from: number): number {
  let at = from;
  while (isJsonSpace(text.charCodeAt(at))) at++;
  return at;
}

/**
 * Characters of the JSON string value after a key that ends at `from` (`: "…"`) in a text read
 * one character per byte; 0 when the value is no string. Escapes count as one character, and
 * with `utf8` (bytes read as Latin-1) UTF-8 continuation bytes are not counted.
 */
export function memberStringCharsInText(text: string, from: number, utf8: boolean): number {
  let at = skipJsonSpaceInText(text, from);
  if (text.charCodeAt(at) !== COLON) return 0;
  at = skipJsonSpaceInText(text, at + 1);
  if (text.charCodeAt(at) !== QUOTE) return 0;
  let chars = 0;
  for (at++; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) return chars;
    if (code === BACKSLASH) at += text.charCodeAt(at + 1) === 0x75 ? 5 : 1;
    else if (utf8 && code >= 0x80 && code < 0xc0) continue;
    chars++;
  }
  return chars;
}

/** Whether `bytes[start, end)` holds a backslash (a key or value that may spell something else). */
export function holdsBackslash(bytes: Uint8Array, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (bytes[at] === BACKSLASH) return true;
  return false;
}

/** Whether `bytes[start, end)` is exactly `word`. */
export function isWordAt(bytes: Uint8Array, start: number, end: number, word: Uint8Array): boolean {
  if (end - start !== word.length) return false;
  for (let at = 0; at < word.length; at++) if (bytes[start + at] !== word[at]) return false;
  return true;
}

/**
 * After a key that ends at `from`: the index of its value's first byte (past white space, the
 * colon and white space), or -1 when no colon follows before `end`.
 */
export function memberValueStart(bytes: Uint8Array, from: number, end = bytes.length): number {
  const colon = skipJsonSpace(bytes, from, end);
  return bytes[colon] === COLON && colon < end ? skipJsonSpace(bytes, colon + 1, end) : -1;
}

/** Index just past the closing quote of the string whose opening quote is at `open`; -1 if none. */
export function jsonStringEnd(raw: Buffer, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = raw.indexOf(QUOTE, from);
    if (quote === -1) return -1;
    let backslashes = 0;
    for (let at = quote - 1; at > open && raw[at] === BACKSLASH; at--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/**
 * The first byte from `from` on, outside strings and nested brackets, that closes the level
 * `from` is at (`}` or `]`), or with `commas` also a `,` there; -1 when the bytes end first.
 * Brackets are counted, not matched: the text is known to be JSON or is validated after.
 */
export function jsonDelimiter(raw: Buffer, from: number, commas: boolean): number {
  let depth = 0;
  for (let at = from; at < raw.length; at++) {
    const byte = raw[at];
    if (byte === QUOTE) {
      const end = jsonStringEnd(raw, at);
      if (end === -1) return -1;
      at = end - 1;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++;
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      if (depth === 0) return at;
      depth--;
    } else if (byte === COMMA && commas && depth === 0) return at;
  }
  return -1;
}

/** Index of the first byte after the value at `start` (at depth 0 outside it: `,`, `}` or `]`); -1 if none. */
export const jsonValueEnd = (raw: Buffer, start: number): number => jsonDelimiter(raw, start, true);

/** One past the bracket that closes the object or array opened at `open`; -1 when cut off. */
export function jsonContainerEnd(raw: Buffer, open: number): number {
  const close = jsonDelimiter(raw, open + 1, false);
  return close === -1 ? -1 : close + 1;
}

/**
 * The members of the object (or elements of the array) opened at `open`, one `next()` at a time,
 * without validating them: each key is a string, each value is found by `jsonValueEnd`. After
 * the last, `close` is the index of the closing bracket; -1 when the bytes are not a container
 * this walk can follow (the caller then parses them).
 */
export class JsonMembers {
  /** The key's opening quote and one past its closing quote (-1 in an array). */
  keyStart = -1;
  keyEnd = -1;
  /** The value's first byte, and the byte after it at depth 0 (`,` or the closing bracket). */
  valueStart = -1;
  valueStop = -1;
  close = -1;
  private at: number;
  private readonly keyed: boolean;
  private readonly closing: number;

  constructor(
    readonly raw: Buffer,
    open: number,
  ) {
    this.keyed = raw[open] === OPEN_OBJECT;
    this.closing = this.keyed ? CLOSE_OBJECT : CLOSE_ARRAY;
    this.at = skipJsonSpace(raw, open + 1);
    if (raw[this.at] === this.closing) this.done(this.at);
  }

  /** Moves to the next member; false after the last one or when the walk cannot follow. */
  next(): boolean {
    const raw = this.raw;
    let at = this.at;
    if (at === -1) return false;
    if (this.keyed) {
      if (raw[at] !== QUOTE) return this.done(-1);
      this.keyStart = at;
      this.keyEnd = jsonStringEnd(raw, at);
      at = this.keyEnd === -1 ? -1 : memberValueStart(raw, this.keyEnd);
      if (at === -1) return this.done(-1);
    }
    this.valueStart = at;
    this.valueStop = jsonValueEnd(raw, at);
    const stop = raw[this.valueStop];
    if (stop === COMMA) this.at = skipJsonSpace(raw, this.valueStop + 1);
    else if (stop === this.closing) this.done(this.valueStop);
    else return this.done(-1);
    return true;
  }

  /** The members of the object `raw` holds (white space around it allowed); undefined when it holds no object. */
  static ofObject(raw: Buffer): JsonMembers | undefined {
    const open = skipJsonSpace(raw, 0);
    return raw[open] === OPEN_OBJECT ? new JsonMembers(raw, open) : undefined;
  }

  /** Whether the key holds a backslash (an escape may spell any name). */
  keyEscaped(): boolean {
    return holdsBackslash(this.raw, this.keyStart + 1, this.keyEnd - 1);
  }

  /** Whether the key, between its quotes, is exactly `word`. */
  keyIs(word: Uint8Array): boolean {
    return isWordAt(this.raw, this.keyStart + 1, this.keyEnd - 1, word);
  }

  /** One past the closing quote of the value when it is a string ending where the value does; -1 otherwise. */
  stringValueEnd(): number {
    const end = this.raw[this.valueStart] === QUOTE ? jsonStringEnd(this.raw, this.valueStart) : -1;
    return end === this.valueEnd() ? end : -1;
  }

  /** The value's last byte plus one: `valueStop` with the white space before it left out. */
  valueEnd(): number {
    return trimJsonSpaceEnd(this.raw, this.valueStop, this.valueStart);
  }

  private done(close: number): false {
    this.close = close;
    this.at = -1;
    return false;
  }
}

/** Bytes that end a run of plain string text: the quote, the backslash, control characters. */
export const STRING_STOP = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) STRING_STOP[b] = 1;
STRING_STOP[QUOTE] = 1;
STRING_STOP[BACKSLASH] = 1;

/**
 * The high bit of each byte of `word` that ends a run of string text (`STRING_STOP`: below 0x20,
 * the quote, the backslash), by the usual bit tests for a byte below a bound and a zero byte. A
 * borrow can mark a byte above a marked one wrongly, never below: the lowest mark is exact.
 */
function stringStops(word: number): number {
  const quote = word ^ 0x22222222;
  const backslash = word ^ 0x5c5c5c5c;
  const below = (word - 0x20202020) & ~word;
  const zero = ((quote - 0x01010101) & ~quote) | ((backslash - 0x01010101) & ~backslash);
  return (below | zero) & 0x80808080;
}

const NO_WORDS = new Int32Array(0);
/** Four `a`s: bytes that end no run of text and borrow nothing in `stringStops`. */
const PLAIN_LETTERS = 0x61616161;

/** Words hold their first byte in their low bits (every platform Node runs on but a few). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The bytes of one text read four at a time for the ends of plain string text: ordinary text is
 * the bulk of a body, and a word test is about four times fewer steps than a byte test.
 */
export class StringStops {
  /** The bytes as words, from the first byte aligned for it (at `wordBase`). */
  private readonly words: Int32Array;
  private readonly wordBase: number;

  constructor(readonly bytes: Uint8Array) {
    const misaligned = (4 - (bytes.byteOffset & 3)) & 3;
    const wordCount = Math.max(0, (bytes.length - misaligned) >> 2);
    this.wordBase = wordCount === 0 ? bytes.length : misaligned;
    this.words = wordCount === 0 ? NO_WORDS : new Int32Array(bytes.buffer, bytes.byteOffset + misaligned, wordCount);
  }

  /** The first byte from `from` on that ends a run of string text (`STRING_STOP`), or the length. */
  next(from: number): number {
    const { bytes, words, wordBase } = this;
    let pos = from;
    if (LITTLE_ENDIAN && pos >= wordBase) {
      const wordCount = words.length;
      let word = (pos - wordBase) >> 2;
      // The bytes of the first word before `pos` read as a plain letter: a stop there would mark
      // the byte above it too (a borrow), which would then be the lowest mark.
      const kept = -1 << (((pos - wordBase) & 3) << 3);
      let stops = word < wordCount ? stringStops(((words[word] as number) & kept) | (PLAIN_LETTERS & ~kept)) : 0;
      while (stops === 0 && ++word < wordCount) stops = stringStops(words[word] as number);
      if (stops !== 0) return wordBase + (word << 2) + ((31 - Math.clz32(stops & -stops)) >> 3);
      pos = Math.max(pos, wordBase + (wordCount << 2));
    }
    const length = bytes.length;
    while (pos < length && STRING_STOP[bytes[pos] as number] === 0) pos++;
    return pos;
  }
}
