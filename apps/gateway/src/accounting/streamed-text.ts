import type { GenerationStyle } from '@interlingua/provider-adapters';
import { memberStringCharsInText, QUOTE } from '../http/json-lexer.js';
import { byStyle, STYLE_STREAM_FIELDS } from '../http/request-styles.js';

/**
 * The JSON keys whose string values are text the model wrote, in each style's streamed events
 * (its package's `textKeys`: deltas only, the Responses `…done` events and final objects repeat
 * the text and are left out). Each is written as searched: its name and closing quote, without
 * the opening quote (JSON is full of quotes, so a needle that starts with one stops at nearly
 * every key); the quote before a match is checked instead.
 */
const KEY_TAILS = byStyle((style) => STYLE_STREAM_FIELDS[style].textKeys.map((key) => `${key}"`));

/**
 * Characters of model-written text in a chunk of a streamed answer in `wire`'s style, found
 * without parsing: the string values of the style's text keys, escapes counted as one
 * character and (in bytes) UTF-8 continuation bytes not counted. The basis of the output estimate
 * when a stream ends before the upstream reported its usage. Bytes are read as Latin-1 (one
 * character per byte), so both kinds of chunk are searched with the same string `indexOf`.
 */
export function streamedTextChars(chunk: string | Buffer, wire: GenerationStyle): number {
  if (typeof chunk === 'string') return keyedTextChars(chunk, KEY_TAILS[wire], false);
  return keyedTextChars(chunk.toString('latin1'), KEY_TAILS[wire], true);
}

/** The text values after `"key"` for each of `tails` (`key"`): a match counts when a quote precedes it after the previous key's end, as a search for `"key"` would find it. */
function keyedTextChars(text: string, tails: readonly string[], utf8: boolean): number {
  let total = 0;
  for (const tail of tails) {
    let from = 0;
    for (let at = text.indexOf(tail, 1); at !== -1; at = text.indexOf(tail, at + 1)) {
      if (at - 1 < from || text.charCodeAt(at - 1) !== QUOTE) continue;
      from = at + tail.length;
      total += memberStringCharsInText(text, from, utf8);
      at = from - 1;
    }
  }
  return total;
}

/** Bytes (or characters) written but not counted yet, at most: past it the count is brought up to date. */
const MAX_UNCOUNTED = 32 * 1024;

/**
 * The count of model-written text delivered by a stream, made only when it is read. It is needed
 * only for a caller who leaves before the upstream reports usage, so the written chunks are kept
 * (references to what was written, no copy) and counted when `chars()` is called, or once more
 * than `MAX_UNCOUNTED` are pending (which bounds what an open stream holds). A stream that ends
 * normally is never counted.
 */
export class StreamedTextCount {
  private readonly uncounted: Array<string | Buffer> = [];
  private uncountedLength = 0;
  private counted = 0;

  constructor(private readonly wire: GenerationStyle) {}

  /** Takes a chunk as it was written to the caller. */
  add(chunk: string | Buffer): void {
    this.uncounted.push(chunk);
    this.uncountedLength += chunk.length;
    if (this.uncountedLength > MAX_UNCOUNTED) this.countPending();
  }

  /** Characters of model-written text in everything added so far. */
  chars(): number {
    this.countPending();
    return this.counted;
  }

  private countPending(): void {
    for (const chunk of this.uncounted) this.counted += streamedTextChars(chunk, this.wire);
    this.uncounted.length = 0;
    this.uncountedLength = 0;
  }
}
