import fc from 'fast-check';

/** Pieces of JSON's grammar (and a control character, a letter of two bytes) to break a text with. */
const JSONISH = [...'{}[]",:\\u0aez+-.1 \n', '\u0001', 'true', 'null', 'é'];

/** JSON texts cut, spliced or mutated anywhere: mostly invalid, each close to a valid one. */
export function mutatedJsonTexts(texts: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(texts, fc.nat(), fc.constantFrom(...JSONISH), fc.constantFrom('insert', 'replace', 'cut'))
    .map(([text, at, piece, how]) => {
      const where = at % (text.length + 1);
      if (how === 'cut') return text.slice(0, where);
      return text.slice(0, where) + piece + text.slice(how === 'insert' ? where : where + 1);
    });
}

/** A JSON text of `value` with whitespace of any legal kind between its tokens. */
export function spacedJson(value: unknown, gaps: string[]): string {
  let i = 0;
  return JSON.stringify(value, null, 1).replace(/\n */g, () => gaps[i++ % gaps.length] ?? '');
}
