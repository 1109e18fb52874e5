import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgedMemberTwice } from './json-judged-members.js';
import { anyJsonValue, anyText } from './json-texts.test-support.js';

const twice = (text: string) => judgedMemberTwice(Buffer.from(text, 'utf8'));

describe('judgedMemberTwice', () => {
  it.each([
    ['model twice at the top level', '{"model":"a","messages":[],"model":"b"}', 'model'],
    ['model twice, once escaped', '{"\\u006dodel":"a","model":"b"}', 'model'],
    ['model twice, escaped in capitals', '{"mod\\u0065l":"a","\\u006Dodel":"b"}', 'model'],
    [
      'type twice in a part',
      '{"model":"a","m":[{"content":[{"type":"image_url","x":{"type":1},"type":"text"}]}]}',
      'type',
    ],
    ['type twice, once escaped', '{"m":[{"\\u0074ype":"a","type":"b"}]}', 'type'],
    ['type twice at the top level', '{"type":"a","type":"b"}', 'type'],
  ])('finds %s', (_name, text, name) => {
    expect(twice(text)).toBe(name);
  });

  it.each([
    ['model once, and in nested objects', '{"model":"a","m":[{"model":"b"},{"model":"c","x":{"model":"d"}}]}'],
    ['type once in each of many objects', '{"m":[{"type":"a","x":{"type":"b"}},{"type":"c"}],"type":"d"}'],
    ['the names inside strings', '{"model":"a","t":"\\"model\\":\\"b\\",\\"type\\":1,\\"type\\":2"}'],
    ['the names as values and array elements', '{"model":"type","m":["type","type",{"a":"model"}]}'],
    ['other escaped keys', '{"\\u006dodels":1,"model":"a","m\\"odel":2}'],
  ])('finds nothing with %s', (_name, text) => {
    expect(twice(text)).toBeUndefined();
  });

  it('finds nothing in any JSON object, whatever its text (objects name each key once)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.oneof(anyText(6), fc.constantFrom('model', 'type')), anyJsonValue(3), { maxKeys: 6 }),
        (object) => {
          expect(twice(JSON.stringify(object))).toBeUndefined();
        },
      ),
      { numRuns: 500 },
    );
  });
});
