import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { withFallback } from './zod-fallback.js';

describe('withFallback', () => {
  const count = withFallback(z.nullish(z.number()), null);

  it('reads what the schema accepts as it is', () => {
    expect(count.parse(3)).toBe(3);
    expect(count.parse(undefined)).toBeUndefined();
  });

  it('reads what the schema rejects as the fallback, inside objects too', () => {
    expect(count.parse('three')).toBeNull();
    const usage = z.looseObject({ tokens: count, model: withFallback(z.string(), '') });
    expect(usage.parse({ tokens: 'many', model: 7, extra: true })).toEqual({ tokens: null, model: '', extra: true });
  });
});
