import { describe, expect, it } from 'vitest';
import { parseToolArguments, safeJsonParse } from './safe-json.js';

describe('safeJsonParse', () => {
  it('parses valid JSON and reports invalid JSON without throwing', () => {
    expect(safeJsonParse('{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(safeJsonParse('{"a":').ok).toBe(false);
  });

  it('rejects nesting beyond the limit, ignoring brackets inside strings', () => {
    expect(safeJsonParse('[[[[1]]]]', 3)).toEqual({ ok: false, error: 'JSON nesting deeper than 3 levels' });
    expect(safeJsonParse('["[[[[\\"["]', 3).ok).toBe(true);
  });

  it('reads empty tool arguments as an empty object', () => {
    expect(parseToolArguments('')).toEqual({});
    expect(parseToolArguments('{"x":1}')).toEqual({ x: 1 });
    expect(parseToolArguments('not json')).toBe('not json');
  });
});
