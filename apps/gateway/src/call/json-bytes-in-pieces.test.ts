import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytesInPieces } from './json-bytes-in-pieces.js';

const stringified = (value: Record<string, unknown>): Buffer => Buffer.from(JSON.stringify(value));

describe('jsonBytesInPieces', () => {
  it('writes the bytes JSON.stringify gives', () => {
    const body = {
      model: 'm',
      messages: [{ role: 'user', content: 'Hé “quoted” \u2028 \ud800' }, null, [1, { a: 'b' }]],
      empty: [],
      nested: { list: [1, 2] },
      stream: true,
    };
    expect(jsonBytesInPieces(body).equals(stringified(body))).toBe(true);
  });

  it('leaves out members that serialise to nothing and writes such elements as null, as JSON.stringify does', () => {
    const body = { a: undefined, b: [undefined, () => 1, Symbol('s'), 2], c: () => 1, d: 'x' };
    expect(jsonBytesInPieces(body).toString()).toBe('{"b":[null,null,null,2],"d":"x"}');
    expect(jsonBytesInPieces(body).equals(stringified(body))).toBe(true);
    expect(jsonBytesInPieces({ a: undefined }).toString()).toBe('{}');
    expect(jsonBytesInPieces({}).toString()).toBe('{}');
  });

  it('gives the bytes of JSON.stringify for any object', () => {
    const member = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.array(fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined)), { maxLength: 5 }),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), member, { maxKeys: 8 }), (object) => {
        expect(jsonBytesInPieces(object).equals(stringified(object))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
