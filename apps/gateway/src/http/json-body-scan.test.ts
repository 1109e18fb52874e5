import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanJsonObject } from './json-body-scan.js';
import { anyJsonValue, anyText, HARD_CHARACTERS, mutatedJsonTexts, spacedJson } from './json-texts.test-support.js';

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

/** `raw` copied to start `offset` bytes into a buffer of its own (the scan reads words from the first aligned byte). */
function atOffset(raw: Buffer, offset: number): Buffer {
  const room = Buffer.alloc(raw.length + offset);
  raw.copy(room, offset);
  return room.subarray(offset);
}

/**
 * The scan agrees with the parser: every field it reports parses to the parser's value, in the
 * parser's key order; and it reads the same at any alignment of the bytes.
 */
function expectAgreement(text: string): void {
  const raw = bytes(text);
  const fields = scanJsonObject(raw);
  for (const offset of [0, 1, 2, 3]) expect(scanJsonObject(atOffset(raw, offset)), `offset ${offset}`).toEqual(fields);
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
    ['a chat image part', '{"m":[{"content":[{"type":"image_url","image_url":{"url":"u"}}]}]}', true],
    ['a Responses file part', '{"m":[{"type":"input_file","file_url":"u"}]}', true],
    ['an Anthropic document', '{"m":[{"content":[{"type":"document","source":{"type":"url"}}]}]}', true],
    ['an image part', '{"m":[{"type":"image"}]}', true],
    ['a Gemini file', '{"m":[{"parts":[{"fileData":{"fileUri":"u"}}]}]}', true],
    ['a Gemini file in snake case', '{"m":[{"parts":[{"file_data":{}}]}]}', true],
    ['an escaped type key', '{"m":[{"\\u0074ype":"image"}]}', true],
    ['an escaped type value', '{"m":[{"type":"imag\\u0065"}]}', true],
    ['a type spelled once as media, twice', '{"m":[{"type":"text","type":"image"}]}', true],
    ['media names as text only', '{"m":[{"type":"text","text":"\\"type\\":\\"image_url\\" fileData"}]}', false],
    ['a type that is no media', '{"m":[{"type":"function","function":{"name":"image"}}]}', false],
    ['a type that is no string', '{"m":[{"type":["image"]},{"type":{"image":1}}]}', false],
    ['media only at the top level', '{"type":"image","m":[1]}', false],
  ])('notes what may name media by URL: %s', (_name, text, names) => {
    const fields = scanJsonObject(bytes(text));
    expect(fields?.find((f) => f.key === 'm')?.namesMedia).toBe(names);
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

  it('scans nesting up to its bound of 64 levels (the object itself the first) and leaves the 65th to the parser', () => {
    const nested = (levels: number): string => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    expect(scanJsonObject(bytes(nested(64)))?.map((f) => [f.key, f.end - f.start])).toEqual([['a', 2 * 63]]);
    expectAgreement(nested(64));
    expect(scanJsonObject(bytes(nested(65)))).toBeUndefined();
    expect(scanJsonObject(bytes(nested(65)), 65)).toBeDefined();
  });

  it('agrees with the parser on any object written with any whitespace', () => {
    fc.assert(
      fc.property(
        fc.dictionary(anyText(8), anyJsonValue(3), { maxKeys: 8 }),
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
      { numRuns: 1000 },
    );
  });

  it('never accepts a text the parser refuses (objects cut, spliced and mutated anywhere)', () => {
    const objects = fc
      .dictionary(anyText(6), anyJsonValue(2), { minKeys: 1, maxKeys: 6 })
      .map((object) => JSON.stringify(object));
    fc.assert(fc.property(mutatedJsonTexts(objects), expectAgreement), { numRuns: 1000 });
  });

  it('agrees with the parser on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'{}[]":,\\ntrue0-1.e ', ...HARD_CHARACTERS) }), (text) =>
        expectAgreement(text),
      ),
      { numRuns: 500 },
    );
  });
});
