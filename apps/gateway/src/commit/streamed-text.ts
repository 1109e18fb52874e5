import type { GenerationStyle } from '@interlingua/provider-adapters';

/**
 * The JSON keys whose string values are text the model wrote, in each style's streamed events
 * (deltas only: the Responses `…done` events and final objects repeat the text and are left out).
 */
const TEXT_KEYS: Record<GenerationStyle, readonly string[]> = {
  'openai-chat': ['"content"', '"reasoning_content"', '"refusal"', '"arguments"'],
  'openai-responses': ['"delta"'],
  'anthropic-messages': ['"text"', '"thinking"', '"partial_json"'],
  gemini: ['"text"'],
};

/** The same keys as bytes, encoded once: `Buffer.indexOf` with a string key would encode it on every call. */
const asBytes = (keys: readonly string[]): readonly Buffer[] => keys.map((key) => Buffer.from(key));
const TEXT_KEY_BYTES: Record<GenerationStyle, readonly Buffer[]> = {
  'openai-chat': asBytes(TEXT_KEYS['openai-chat']),
  'openai-responses': asBytes(TEXT_KEYS['openai-responses']),
  'anthropic-messages': asBytes(TEXT_KEYS['anthropic-messages']),
  gemini: asBytes(TEXT_KEYS.gemini),
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/**
 * Characters of model-written text in a chunk of a streamed answer in `wire`'s style, found
 * without parsing: the string values of the style's text keys, escapes counted as one
 * character and (in bytes) UTF-8 continuation bytes not counted. The basis of the output estimate
 * when a stream ends before the upstream reported its usage.
 */
export function streamedTextChars(chunk: string | Buffer, wire: GenerationStyle): number {
  if (typeof chunk === 'string') return keyedTextChars(TEXT_KEYS[wire], (key, from) => chunk.indexOf(key, from), (i) => chunk.charCodeAt(i), chunk.length, false);
  return keyedTextChars(TEXT_KEY_BYTES[wire], (key, from) => chunk.indexOf(key, from), (i) => chunk[i] ?? 0, chunk.length, true);
}

function keyedTextChars<Key extends { length: number }>(
  keys: readonly Key[],
  find: (key: Key, from: number) => number,
  codeAt: (i: number) => number,
  length: number,
  utf8: boolean,
): number {
  let total = 0;
  for (const key of keys) {
    for (let at = find(key, 0); at !== -1; at = find(key, at + key.length)) {
      total += stringValueChars(codeAt, length, at + key.length, utf8);
    }
  }
  return total;
}

/** Characters of the JSON string that follows `"key"` at `from` (`: "…"`); 0 when the value is not a string. */
function stringValueChars(codeAt: (i: number) => number, length: number, from: number, utf8: boolean): number {
  let i = skipSpaces(codeAt, length, from);
  if (codeAt(i) !== COLON) return 0;
  i = skipSpaces(codeAt, length, i + 1);
  if (codeAt(i) !== QUOTE) return 0;
  let chars = 0;
  for (i++; i < length; i++) {
    const code = codeAt(i);
    if (code === QUOTE) return chars;
    if (code === BACKSLASH) i += codeAt(i + 1) === 0x75 ? 5 : 1;
    else if (utf8 && code >= 0x80 && code < 0xc0) continue;
    chars++;
  }
  return chars;
}

function skipSpaces(codeAt: (i: number) => number, length: number, from: number): number {
  let i = from;
  while (i < length && (codeAt(i) === 0x20 || codeAt(i) === 0x09)) i++;
  return i;
}
