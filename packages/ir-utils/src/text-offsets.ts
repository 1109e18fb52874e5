/**
 * Offsets into a text in the units each style counts, converted to and from the IR's UTF-16
 * code units (JavaScript string indices). OpenAI counts Unicode code points (its indices slice
 * Python strings); Gemini counts UTF-8 bytes. Where both units agree (no astral characters,
 * or plain ASCII) an offset passes unchanged, else offsets past the end clamp to the text.
 */

const SURROGATE = /[\uD800-\uDFFF]/;
const NON_ASCII = /[\u0080-\uFFFF]/;

function utf8Width(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** Walks `text` by code point until `stop` says the target is reached; returns [utf16, counted]. */
function walk(text: string, unit: (code: number) => number, stop: (utf16: number, counted: number) => boolean) {
  let utf16 = 0;
  let counted = 0;
  while (utf16 < text.length && !stop(utf16, counted)) {
    const code = text.codePointAt(utf16) ?? 0;
    utf16 += code > 0xffff ? 2 : 1;
    counted += unit(code);
  }
  return [utf16, counted] as const;
}

const codePoint = (): number => 1;

/** A code point offset -> UTF-16 index. */
export function codePointToUtf16(text: string, offset: number): number {
  if (!SURROGATE.test(text)) return offset;
  return walk(text, codePoint, (_, counted) => counted >= offset)[0];
}

/** A UTF-16 index -> code point offset. */
export function utf16ToCodePoint(text: string, index: number): number {
  if (!SURROGATE.test(text)) return index;
  return walk(text, codePoint, (utf16) => utf16 >= index)[1];
}

/** A UTF-8 byte offset -> UTF-16 index. */
export function utf8ToUtf16(text: string, offset: number): number {
  if (!NON_ASCII.test(text)) return offset;
  return walk(text, utf8Width, (_, counted) => counted >= offset)[0];
}

/** A UTF-16 index -> UTF-8 byte offset. */
export function utf16ToUtf8(text: string, index: number): number {
  if (!NON_ASCII.test(text)) return index;
  return walk(text, utf8Width, (utf16) => utf16 >= index)[1];
}
