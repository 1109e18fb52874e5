import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asString, parseToolArguments, safeJsonParse, stringOrEmpty } from './safe-json.js';

describe('safeJsonParse', () => {
  it('parses valid JSON and reports invalid JSON without throwing', () => {
    expect(safeJsonParse('{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(safeJsonParse('{"a":').ok).toBe(false);
  });

  it('rejects nesting beyond the limit, ignoring brackets inside strings', () => {
    expect(safeJsonParse('[[[[1]]]]', 3)).toEqual({ ok: false, error: 'JSON nesting deeper than 3 levels' });
    expect(safeJsonParse('["[[[[\\"["]', 3).ok).toBe(true);
  });

  it('measures nesting exactly at the shortest text that can exceed the limit', () => {
    expect(safeJsonParse('[[[[]]]]', 3)).toEqual({ ok: false, error: 'JSON nesting deeper than 3 levels' });
    expect(safeJsonParse('[[[]]]', 3).ok).toBe(true);
    expect(safeJsonParse('{"a":{"b":{"c":{}}}}', 3).ok).toBe(false);
  });

  it('accepts a value exactly when its deepest path is within the limit (property)', () => {
    const nested = (depth: number, padding: string, inObject: boolean): string => {
      let text = JSON.stringify(padding);
      for (let level = 0; level < depth; level += 1)
        text = inObject && level % 2 === 0 ? `{"k":${text},"s":"${padding}"}` : `[${text},1]`;
      return text;
    };
    fc.assert(
      fc.property(
        fc.nat(12),
        fc.integer({ min: 1, max: 10 }),
        fc.string({ maxLength: 30 }),
        fc.boolean(),
        (depth, limit, padding, inObject) => {
          const safePadding = padding.replace(/["\\]/g, '');
          expect(safeJsonParse(nested(depth, safePadding, inObject), limit).ok).toBe(depth <= limit);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads empty tool arguments as an empty object', () => {
    expect(parseToolArguments('')).toEqual({});
    expect(parseToolArguments('{"x":1}')).toEqual({ x: 1 });
    expect(parseToolArguments('not json')).toBe('not json');
  });

  it('keeps strings and nothing else as strings', () => {
    expect(asString('')).toBe('');
    expect(asString('x')).toBe('x');
    expect(asString(1)).toBeUndefined();
    expect(asString(null)).toBeUndefined();
    expect(asString({ toString: () => 'x' })).toBeUndefined();
  });

  it('reads anything but a string as the empty string', () => {
    expect(stringOrEmpty('x')).toBe('x');
    expect(stringOrEmpty(1)).toBe('');
    expect(stringOrEmpty(undefined)).toBe('');
    expect(stringOrEmpty({ toString: () => 'x' })).toBe('');
  });
});
