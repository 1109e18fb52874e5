import type { SseMessage } from '@interlingua/ir';
import { parseSseText } from '@interlingua/ir-utils';
import { memberValueStart, OPEN_OBJECT, QUOTE } from '../http/json-lexer.js';

const LF = 10;
const CR = 13;
/**
 * Encoded once (a string needle is re-encoded by every `indexOf` call), and without the opening
 * quote: JSON is full of quotes, so a needle that starts with one stops at nearly every key (the
 * search takes about twice as long); the quote before a match is checked instead.
 */
const USAGE_NAME = Buffer.from('usage');
const NO_BYTES = Buffer.alloc(0);

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
 * Tells, event after event of one buffer, whether each holds a usage object (`"usage": {` or
 * `"usageMetadata": {`), found without parsing: `"usage": null` does not count. The events are
 * read in place (no view per event) and each name in the buffer is looked at once: the next one
 * found is kept for the events after it.
 */
export class UsageObjectScan {
  private buffer: Buffer = NO_BYTES;
  /** The next usage key name at or after the last event asked about; -1 when there is none. */
  private nameAt = -1;

  /** Starts on a new buffer; its events are then asked about in order. */
  reset(buffer: Buffer): void {
    this.buffer = buffer;
    this.nameAt = nextUsageName(buffer, 0);
  }

  /** Whether the event from `start` to `end` (after the events asked about before) holds a usage object. */
  holds(start: number, end: number): boolean {
    const { buffer } = this;
    if (this.nameAt !== -1 && this.nameAt < start) this.nameAt = nextUsageName(buffer, start);
    while (this.nameAt !== -1 && this.nameAt < end) {
      if (usageObjectAt(buffer, this.nameAt, end)) return true;
      this.nameAt = nextUsageName(buffer, this.nameAt + 1);
    }
    return false;
  }
}

/** Where the next key name starting `usage` (a quote before it) is, at or after `from`; -1 when none. */
function nextUsageName(buffer: Buffer, from: number): number {
  for (let at = buffer.indexOf(USAGE_NAME, Math.max(from, 1)); at !== -1; at = buffer.indexOf(USAGE_NAME, at + 1)) {
    if (buffer[at - 1] === QUOTE) return at;
  }
  return -1;
}

/** Whether the name at `at` is followed, before `end`, by its closing quote, a colon and an object (`usage…": {`). */
function usageObjectAt(buffer: Buffer, at: number, end: number): boolean {
  const quote = buffer.indexOf(QUOTE, at);
  if (quote === -1 || quote >= end) return false;
  const value = memberValueStart(buffer, quote + 1, end);
  return value !== -1 && value < end && buffer[value] === OPEN_OBJECT;
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
  if (!(event[0] === 0x64 && event[1] === 0x61 && event[2] === 0x74 && event[3] === 0x61 && event[4] === 0x3a))
    return -1;
  const lf = event.indexOf(LF, 5);
  const cr = event.indexOf(CR, 5);
  if (cr === -1) return lf !== -1 && lf + 2 === event.length && event[lf + 1] === LF ? lf : -1;
  const crlf = lf === cr + 1 && cr + 4 === event.length && event[cr + 2] === CR && event[cr + 3] === LF;
  return crlf ? cr : -1;
}
