const LF = 10;
const CR = 13;
/** Encoded once: a string needle is re-encoded by every `indexOf` call. */
const USAGE_KEY = Buffer.from('"usage');

/**
 * The end offset (exclusive) of the first complete SSE event in `buffer` at or after `from`, or
 * -1. An event ends at a blank line: LF LF or CRLF CRLF (bare-CR streams are not split here).
 */
export function findEventEnd(buffer: Buffer, from: number): number {
  let i = buffer.indexOf(LF, from);
  while (i !== -1 && i + 1 < buffer.length) {
    const next = buffer[i + 1];
    if (next === LF) return i + 2;
    if (next === CR && buffer[i + 2] === LF) return i + 3;
    i = buffer.indexOf(LF, i + 1);
  }
  return -1;
}

/**
 * Whether an event's bytes hold a usage object (`"usage": {` or `"usageMetadata": {`), found
 * without parsing: `"usage": null` does not count.
 */
export function holdsUsageObject(event: Buffer): boolean {
  let at = event.indexOf(USAGE_KEY);
  while (at !== -1) {
    let i = event.indexOf(34, at + 1);
    if (i === -1) return false;
    i++;
    while (event[i] === 32 || event[i] === 9) i++;
    if (event[i] === 58) {
      i++;
      while (event[i] === 32 || event[i] === 9) i++;
      if (event[i] === 123) return true;
    }
    at = event.indexOf(USAGE_KEY, at + 1);
  }
  return false;
}
