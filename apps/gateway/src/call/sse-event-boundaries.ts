import type { SseMessage } from '@interlingua/ir';
import { parseSseText } from '@interlingua/ir-utils';

const LF = 10;
const CR = 13;
const QUOTE = 34;
/**
 * Encoded once (a string needle is re-encoded by every `indexOf` call), and without the opening
 * quote: JSON is full of quotes, so a needle that starts with one stops at nearly every key (the
 * search takes about twice as long); the quote before a match is checked instead.
 */
const USAGE_NAME = Buffer.from('usage');

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
  for (let at = event.indexOf(USAGE_NAME, 1); at !== -1; at = event.indexOf(USAGE_NAME, at + 1)) {
    if (event[at - 1] !== QUOTE) continue;
    let i = event.indexOf(QUOTE, at);
    if (i === -1) return false;
    i++;
    while (event[i] === 32 || event[i] === 9) i++;
    if (event[i] === 58) {
      i++;
      while (event[i] === 32 || event[i] === 9) i++;
      if (event[i] === 123) return true;
    }
  }
  return false;
}

/**
 * The messages of one complete event's bytes, as `parseSseText` reads them. An event that is a
 * single `data:` line (every chat and Gemini event) is read directly, without a parser; any other
 * (more lines, other fields, comments, a CR inside) goes through the parser.
 */
export function eventMessages(event: Buffer): SseMessage[] {
  const payloadEnd = loneDataLineEnd(event);
  if (payloadEnd === -1) return parseSseText(event.toString('utf8'));
  const payloadStart = event[5] === 32 ? 6 : 5;
  return [{ data: event.toString('utf8', payloadStart, payloadEnd) }];
}

/** Where the value of a lone `data:` line ends when `event` is that line and its blank line (LF LF or CRLF CRLF, no other CR), else -1. */
function loneDataLineEnd(event: Buffer): number {
  if (!(event[0] === 0x64 && event[1] === 0x61 && event[2] === 0x74 && event[3] === 0x61 && event[4] === 0x3a)) return -1;
  const lf = event.indexOf(LF, 5);
  const cr = event.indexOf(CR, 5);
  if (cr === -1) return lf !== -1 && lf + 2 === event.length && event[lf + 1] === LF ? lf : -1;
  const crlf = lf === cr + 1 && cr + 4 === event.length && event[cr + 2] === CR && event[cr + 3] === LF;
  return crlf ? cr : -1;
}
