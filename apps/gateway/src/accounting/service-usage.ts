import { safeJsonParse } from '@interlingua/ir-utils';
import { jsonContainerEnd, memberValueStart, OPEN_OBJECT } from '../http/json-lexer.js';

const KEY = Buffer.from('"usage"');
/** How many `"usage"` keys are tried, from the last, before giving up. */
const MAX_CANDIDATES = 4;

/**
 * The value of the last `"usage": { … }` member in a JSON answer or an SSE stream's bytes,
 * parsed on its own: the rest (often megabytes of base64 images) is never parsed. A string
 * holding `"usage"` cannot match (its quotes are escaped). Undefined when there is none, or it
 * is cut off.
 */
export function lastUsageObject(bytes: Buffer): unknown {
  let at = bytes.lastIndexOf(KEY);
  for (let tries = 0; at !== -1 && tries < MAX_CANDIDATES; tries++) {
    const start = objectStart(bytes, at + KEY.length);
    const end = start === -1 ? -1 : jsonContainerEnd(bytes, start);
    if (end !== -1) {
      const parsed = safeJsonParse(bytes.subarray(start, end).toString('utf8'));
      return parsed.ok ? parsed.value : undefined;
    }
    at = at === 0 ? -1 : bytes.lastIndexOf(KEY, at - 1);
  }
  return undefined;
}

/**
 * The last bytes of an answer relayed chunk by chunk, where its usage sits (the final event of
 * a streamed image or transcript ends with it): at most `maxBytes` are kept, a chunk at least
 * that long is kept by reference, never copied.
 */
export class AnswerTail {
  private tail: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes = 16 * 1024) {}

  push(chunk: Buffer): void {
    if (chunk.length >= this.maxBytes) this.tail = chunk;
    else
      this.tail = Buffer.concat([
        this.tail.subarray(Math.max(0, this.tail.length - (this.maxBytes - chunk.length))),
        chunk,
      ]);
  }

  /** The kept bytes: the end of the answer. */
  bytes(): Buffer {
    return this.tail;
  }
}

/** The offset of the `{` after `"usage"`, `:` and whitespace; -1 when the value is not an object. */
function objectStart(bytes: Buffer, from: number): number {
  const start = memberValueStart(bytes, from);
  return bytes[start] === OPEN_OBJECT ? start : -1;
}
