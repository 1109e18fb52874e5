import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeJsonParse } from '@interlingua/ir-utils';
import { parseJsonObjectInPieces } from './json-object-pieces.js';
import { anyJsonValue, anyText, HARD_CHARACTERS, mutatedJsonTexts, spacedJson } from './json-texts.test-support.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
/** Every top-level array is split, however short. */
const inPieces = (text: string, maxDepth = 256) => parseJsonObjectInPieces(bytes(text), maxDepth, 0);

/** What `safeJsonParse` makes of the text, or undefined when it refuses it. */
function parsed(text: string, maxDepth = 256): unknown {
  const result = safeJsonParse(text, maxDepth);
  return result.ok ? result.value : undefined;
}

/** What the pieces give, the whole parse gives too, key order included. */
function expectAgreement(text: string): void {
  const pieces = inPieces(text);
  if (!pieces) return;
  const whole = parsed(text);
  expect(whole, `accepted what the parser refuses: ${text}`).toBeDefined();
  expect(pieces).toEqual(whole);
  expect(Object.keys(pieces)).toEqual(Object.keys(whole as object));
}

describe('parseJsonObjectInPieces', () => {
  it('parses an agent-sized body as the parser does, its large arrays element by element', () => {
    const turn = (i: number) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: [{ type: 'text', text: `Turn ${i}: “quoted” — ${'x'.repeat(400)}\n\t\\u0041` }],
    });
    const body = { model: 'm', max_tokens: 10, messages: Array.from({ length: 200 }, (_, i) => turn(i)), stream: true };
    const text = JSON.stringify(body, null, 2);
    const pieces = parseJsonObjectInPieces(bytes(text));
    expect(pieces).toEqual(body);
    expect(Object.keys(pieces ?? {})).toEqual(Object.keys(body));
  });

  it('leaves a body without a large array to the whole parse', () => {
    expect(parseJsonObjectInPieces(bytes(JSON.stringify({ model: 'm', messages: [{ a: 1 }] })))).toBeUndefined();
  });

  it.each([
    ['not an object', '[1]'],
    ['an empty object', '{}'],
    ['__proto__', '{"__proto__":{},"a":[1]}'],
    ['text after the object', '{"a":[1]} x'],
    ['a raw control character in a string', '{"a":["x\u0001y"]}'],
    ['a bad escape in a key', '{"\\x":[1]}'],
    ['a trailing comma in an array', '{"a":[1,]}'],
    ['a trailing comma in the object', '{"a":[1],}'],
    ['two values for a key', '{"a":[1] [2]}'],
    ['a missing colon', '{"a" [1]}'],
    ['an empty value', '{"a":,"b":[1]}'],
    ['an unterminated string', '{"a":["b]}'],
    ['a closing bracket for the object', '{"a":[1]]'],
    ['a byte-order mark', '\uFEFF{"a":[1]}'],
  ])('leaves %s to the whole parse', (_name, text) => {
    expect(inPieces(text)).toBeUndefined();
  });

  it('keeps the last value of a key given twice, in its first place, as the parser does', () => {
    const text = '{"a":[1],"b":2,"a":[3]}';
    expect(inPieces(text)).toEqual({ a: [3], b: 2 });
    expect(Object.keys(inPieces(text) ?? {})).toEqual(['a', 'b']);
  });

  it('refuses nesting past the bound as the parser does', () => {
    const nested = (levels: number) => `{"a":[${'['.repeat(levels)}${']'.repeat(levels)}]}`;
    // The object, the array and 254 levels inside: 256 levels, the bound.
    expect(inPieces(nested(254))).toEqual(parsed(nested(254)));
    expect(parsed(nested(255))).toBeUndefined();
    expect(inPieces(nested(255))).toBeUndefined();
    expect(inPieces(nested(3), 4)).toBeUndefined();
  });

  it('agrees with the parser on any object written with any whitespace', () => {
    fc.assert(
      fc.property(
        fc.dictionary(anyText(8), anyJsonValue(3), { maxKeys: 8 }),
        fc.array(anyJsonValue(2), { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom('', ' ', '\n', '\t', '\r\n  '), { minLength: 1, maxLength: 4 }),
        (object, list, gaps) => {
          const text = spacedJson({ ...object, list }, gaps);
          if (!Object.hasOwn(object, '__proto__')) expect(inPieces(text), text).toBeDefined();
          expectAgreement(text);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never accepts a text the parser refuses (objects cut, spliced and mutated anywhere)', () => {
    const objects = fc
      .tuple(
        fc.dictionary(anyText(6), anyJsonValue(2), { minKeys: 1, maxKeys: 6 }),
        fc.array(anyJsonValue(2), { maxLength: 4 }),
      )
      .map(([object, list]) => JSON.stringify({ list, ...object }));
    fc.assert(fc.property(mutatedJsonTexts(objects), expectAgreement), { numRuns: 1000 });
  });

  it('agrees with the parser on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'{}[]":,\\ntrue0-1.e a', ...HARD_CHARACTERS) }), (text) =>
        expectAgreement(`{"a":[${text}`),
      ),
      { numRuns: 500 },
    );
  });
});
