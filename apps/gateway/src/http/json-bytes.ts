/**
 * The bytes of JSON's structure, for the scanners that read a body or an answer as bytes without
 * parsing it (the body scan, the fast path's splice, the usage read from an answer's tail, a large
 * body parsed in pieces).
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
