import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanJsonObject } from './json-body-scan.js';
import { mutatedJsonTexts, spacedJson } from './json-texts.test-support.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

/** What the parser makes of the text: the object, or undefined when it throws or gives no object. */
function parsedObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The scan agrees with the parser: every field it reports parses to the parser's value, in the parser's key order. */
function expectAgreement(text: string): void {
  const raw = bytes(text);
  const fields = scanJsonObject(raw);
  if (!fields) return;
  const parsed = parsedObject(raw.toString('utf8'));
  expect(parsed, `the scan accepted what the parser refuses: ${text}`).toBeDefined();
  // Integer-like keys come first in any object's key order: the scan reports the text's order.
  expect(fields.map((f) => f.key).sort()).toEqual(Object.keys(parsed ?? {}).sort());
  for (const field of fields) {
    expect(JSON.parse(raw.toString('utf8', field.start, field.end))).toEqual(parsed?.[field.key]);
    const value = parsed?.[field.key];
    const empty = typeof value === 'object' && value !== null && Object.keys(value).length === 0;
    expect(field.empty).toBe(empty);
  }
}

describe('scanJsonObject', () => {
  it('reports each top-level value where it lies', () => {
    const raw = bytes('{ "model" : "m", "messages":[{"role":"user","content":"hi ✓"}],"n":-1.5e+3,"x":[ ] }');
    const fields = scanJsonObject(raw);
    expect(fields?.map((f) => [f.key, raw.toString('utf8', f.start, f.end), f.empty])).toEqual([
      ['model', '"m"', false],
      ['messages', '[{"role":"user","content":"hi ✓"}]', false],
      ['n', '-1.5e+3', false],
      ['x', '[ ]', true],
    ]);
  });

  it('notes a \\u escape inside a value', () => {
    const fields = scanJsonObject(bytes('{"a":["\\u0069mage"],"b":["image\\n"]}'));
    expect(fields?.map((f) => f.unicodeEscapes)).toEqual([true, false]);
  });

  it.each([
    ['not an object', '[1]'],
    ['an escaped key', '{"mod\\u0065l":"a"}'],
    ['a key twice', '{"model":"a","model":"b"}'],
    ['__proto__', '{"__proto__":{}}'],
    ['text after the object', '{"a":1} x'],
    ['a raw control character in a string', '{"a":"x\u0001y"}'],
    ['a bad escape', '{"a":"\\x"}'],
    ['a short unicode escape', '{"a":"\\u12"}'],
    ['a leading zero', '{"a":01}'],
    ['a lone minus', '{"a":-}'],
    ['a bare dot', '{"a":1.}'],
    ['an empty exponent', '{"a":1e}'],
    ['a trailing comma', '{"a":[1,],"b":2}'],
    ['a byte-order mark', '\uFEFF{"a":1}'],
    ['a single quote', "{'a':1}"],
    ['an unterminated string', '{"a":"b'],
    ['nesting past the bound', `{"a":${'['.repeat(70)}${']'.repeat(70)}}`],
  ])('leaves %s to the parser', (_name, text) => {
    expect(scanJsonObject(bytes(text))).toBeUndefined();
  });

  it('agrees with the parser on any object written with any whitespace', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 }),
        fc.array(fc.constantFrom('', ' ', '\n', '\t', '\r\n  '), { minLength: 1, maxLength: 4 }),
        (object, gaps) => {
          const text = spacedJson(object, gaps);
          const fields = scanJsonObject(bytes(text));
          // Keys with escapes and __proto__ are left to the parser by design.
          if (Object.keys(object).some((key) => key === '__proto__' || JSON.stringify(key).includes('\\'))) return;
          expect(fields, text).toBeDefined();
          expectAgreement(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never accepts a text the parser refuses (objects cut, spliced and mutated anywhere)', () => {
    const objects = fc
      .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 6 })
      .map((object) => JSON.stringify(object));
    fc.assert(fc.property(mutatedJsonTexts(objects), expectAgreement), { numRuns: 600 });
  });

  it('agrees with the parser on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'{}[]":,\\ntrue0-1.e ') }), (text) => expectAgreement(text)),
      { numRuns: 500 },
    );
  });
});
