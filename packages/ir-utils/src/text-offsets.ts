/**
 * Offsets into a text in the units each style counts, converted to and from the IR's UTF-16
 * code units (JavaScript string indices). OpenAI counts Unicode code points (its indices slice
 * Python strings); Gemini counts UTF-8 bytes. Where both units agree (no astral characters,
 * or plain ASCII) an offset passes unchanged, else offsets past the end clamp to the text.
 *
 * An answer's offsets are converted together: they are visited in ascending order while the
 * text is walked once, so the cost is linear in the text (plus sorting the offsets), however
 * many citations the answer carries.
 */

/** The unit a style counts offsets in, besides UTF-16. */
export type OffsetUnit = 'code-point' | 'utf8';

/** Counts the characters a conversion walks; a seam for tests that prove the walk is single-pass. */
export interface OffsetWalkCounter {
  walked: number;
}

const SURROGATE = /[\uD800-\uDFFF]/;
const NON_ASCII = /[\u0080-\uFFFF]/;

function unitWidth(unit: OffsetUnit, code: number): number {
  if (unit === 'code-point') return 1;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** True when `unit` and UTF-16 count every position of `text` alike. */
function unitsAgree(text: string, unit: OffsetUnit): boolean {
  return !(unit === 'code-point' ? SURROGATE : NON_ASCII).test(text);
}

const compare = (a: number, b: number): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One walk over `text` answering every target: a target is reached at the first character
 * boundary where the `fromUtf16` side (UTF-16 index, or the count in `unit`) is at least it;
 * the answer is the other side there. NaN counts as 0; past the end clamps to the end.
 */
function walkOnce(
  text: string,
  targets: readonly number[],
  unit: OffsetUnit,
  fromUtf16: boolean,
  counter?: OffsetWalkCounter,
): number[] {
  const safe = targets.map((target) => (Number.isNaN(target) ? 0 : target));
  const order = safe.map((_, position) => position).sort((a, b) => compare(safe[a] ?? 0, safe[b] ?? 0));
  const out = new Array<number>(safe.length).fill(0);
  let utf16 = 0;
  let counted = 0;
  for (const position of order) {
    const target = safe[position] ?? 0;
    while (utf16 < text.length && (fromUtf16 ? utf16 : counted) < target) {
      const code = text.codePointAt(utf16) ?? 0;
      utf16 += code > 0xffff ? 2 : 1;
      counted += unitWidth(unit, code);
      if (counter) counter.walked++;
    }
    out[position] = fromUtf16 ? counted : utf16;
  }
  return out;
}

/** Offsets counted in `unit` -> UTF-16 indices, all in one walk over `text`. */
export function offsetsToUtf16(
  text: string,
  offsets: readonly number[],
  unit: OffsetUnit,
  counter?: OffsetWalkCounter,
): number[] {
  if (unitsAgree(text, unit)) return [...offsets];
  return walkOnce(text, offsets, unit, false, counter);
}

/** UTF-16 indices -> offsets counted in `unit`, all in one walk over `text`. */
export function utf16ToOffsets(
  text: string,
  indices: readonly number[],
  unit: OffsetUnit,
  counter?: OffsetWalkCounter,
): number[] {
  if (unitsAgree(text, unit)) return [...indices];
  return walkOnce(text, indices, unit, true, counter);
}

/** A code point offset -> UTF-16 index. */
export function codePointToUtf16(text: string, offset: number): number {
  return offsetsToUtf16(text, [offset], 'code-point')[0] ?? offset;
}

/** A UTF-16 index -> code point offset. */
export function utf16ToCodePoint(text: string, index: number): number {
  return utf16ToOffsets(text, [index], 'code-point')[0] ?? index;
}

/** A UTF-8 byte offset -> UTF-16 index. */
export function utf8ToUtf16(text: string, offset: number): number {
  return offsetsToUtf16(text, [offset], 'utf8')[0] ?? offset;
}

/** A UTF-16 index -> UTF-8 byte offset. */
export function utf16ToUtf8(text: string, index: number): number {
  return utf16ToOffsets(text, [index], 'utf8')[0] ?? index;
}

/**
 * Offsets into a text that only grows (a stream's text so far) -> UTF-16 indices, resuming the
 * walk where the last offset left it: offsets asked in ascending order, as streams send their
 * citations, cost one walk over the text in all. An offset past the text so far keeps its
 * distance from the end.
 */
export class GrowingTextOffsets {
  #utf16 = 0;
  #counted = 0;
  readonly #unit: OffsetUnit;
  readonly #counter: OffsetWalkCounter | undefined;

  constructor(unit: OffsetUnit, counter?: OffsetWalkCounter) {
    this.#unit = unit;
    this.#counter = counter;
  }

  toUtf16(text: string, offset: number): number {
    const target = Number.isNaN(offset) ? 0 : offset;
    if (target < this.#counted) {
      this.#utf16 = 0;
      this.#counted = 0;
    }
    while (this.#utf16 < text.length && this.#counted < target) {
      const code = text.codePointAt(this.#utf16) ?? 0;
      this.#utf16 += code > 0xffff ? 2 : 1;
      this.#counted += unitWidth(this.#unit, code);
      if (this.#counter) this.#counter.walked++;
    }
    return this.#counted < target ? this.#utf16 + (target - this.#counted) : this.#utf16;
  }

  /** Several offsets of the text so far, asked in ascending order whatever order they come in. */
  manyToUtf16(text: string, offsets: readonly number[]): number[] {
    const out = new Array<number>(offsets.length).fill(0);
    const order = offsets.map((_, position) => position);
    order.sort((a, b) => compare(offsets[a] ?? 0, offsets[b] ?? 0));
    for (const position of order) out[position] = this.toUtf16(text, offsets[position] ?? 0);
    return out;
  }
}
