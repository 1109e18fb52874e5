import fc from 'fast-check';

/** Pieces of JSON's grammar (and a control character, letters of two to four bytes, an escaped lone surrogate) to break a text with. */
const JSONISH = [...'{}[]",:\\u0aez+-.1 \n', '\u0001', 'true', 'null', 'é', '¢', 'ܐ', '😀', '\\ud800'];

/**
 * JSON texts cut, spliced or mutated anywhere (between characters: a four-byte character is not
 * split into lone halves, which would reach the bytes as U+FFFD): mostly invalid, each close to
 * a valid one.
 */
export function mutatedJsonTexts(texts: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(texts, fc.nat(), fc.constantFrom(...JSONISH), fc.constantFrom('insert', 'replace', 'cut'))
    .map(([text, at, piece, how]) => {
      const characters = [...text];
      const where = at % (characters.length + 1);
      const before = characters.slice(0, where).join('');
      if (how === 'cut') return before;
      return before + piece + characters.slice(how === 'insert' ? where : where + 1).join('');
    });
}

/** A JSON text of `value` with whitespace of any legal kind between its tokens. */
export function spacedJson(value: unknown, gaps: string[]): string {
  let i = 0;
  return JSON.stringify(value, null, 1).replace(/\n */g, () => gaps[i++ % gaps.length] ?? '');
}

/**
 * Characters whose UTF-8 bytes a byte scanner can get wrong: bytes of 0x80 and up whose low seven
 * bits are a quote (`¢` C2 A2, `â` C3 A2), a backslash (`ܐ` DC 90) or a control character (`Ü`
 * C3 9C, U+0085 C2 85), three- and four-byte characters, a lone surrogate (`JSON.stringify` writes
 * it as the escape `\ud800`), and the quote, backslash and control characters themselves.
 */
export const HARD_CHARACTERS = [
  '¢',
  'â',
  'ܐ',
  'Ü',
  '\u0085',
  '€',
  '\uffff',
  '😀',
  '\u{10ffff}',
  '\ud800',
  '\udfff',
  '"',
  '\\',
  '\u0001',
  '\u001f',
  'a',
];

/** One character of the whole of Unicode (any code point), with the hard ones above drawn often. */
export const anyCharacter: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 2 },
  { arbitrary: fc.constantFrom(...HARD_CHARACTERS), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }), weight: 1 },
);

/** Text of any Unicode characters (the hard bytes above among them). */
export const anyText = (maxLength = 12): fc.Arbitrary<string> => fc.string({ unit: anyCharacter, maxLength });

/** JSON values whose strings are `anyText`. */
export const anyJsonValue = (maxDepth: number): fc.Arbitrary<unknown> =>
  fc.jsonValue({ maxDepth, stringUnit: anyCharacter });
