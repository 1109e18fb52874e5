import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { countSchema, jsonObjectSchema, lenient } from './gemini-schema-parts.js';

describe('gemini schema parts', () => {
  it('a JSON object is a record, never an array or null', () => {
    expect(jsonObjectSchema.safeParse({ a: 1 }).success).toBe(true);
    for (const value of [[], null, 'x', 1]) expect(jsonObjectSchema.safeParse(value).success).toBe(false);
  });

  it('a count is a non-negative integer', () => {
    for (const value of [0, 7]) expect(countSchema.safeParse(value).success).toBe(true);
    for (const value of [-1, 1.5, '3']) expect(countSchema.safeParse(value).success).toBe(false);
  });

  it('a lenient field reads a malformed or absent value as absent and keeps a good one', () => {
    const schema = z.looseObject({ count: lenient(countSchema) });
    expect(schema.parse({ count: 'many' })).toEqual({ count: undefined });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ count: 2 })).toEqual({ count: 2 });
  });
});
