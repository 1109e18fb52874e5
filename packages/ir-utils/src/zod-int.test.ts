import fc from 'fast-check';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { describe, expect, it } from 'vitest';
import { safeInt } from './zod-int.js';

z.config(en());

/** What a caller can see of a parse: the value read, or every issue as the error messages read it. */
function outcome(schema: z.ZodMiniType, input: unknown): unknown {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) return { value: parsed.data };
  return parsed.error.issues.map((issue) => ({ ...issue, input: undefined }));
}

/** Each shape `z.int()` takes in the style schemas, built both ways. */
const SHAPES: Array<[string, (int: () => z.ZodMiniNumber<number>) => z.ZodMiniType]> = [
  ['bare', (int) => int()],
  ['non-negative', (int) => int().check(z.nonnegative())],
  ['bounded', (int) => int().check(z.gte(1), z.lte(10))],
  ['optional field', (int) => z.strictObject({ n: z.optional(int()) })],
  ['nullish array item', (int) => z.array(z.nullish(int()))],
];

const zodInt = (): z.ZodMiniNumber<number> => z.int();

const numbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 53, -(2 ** 53), 2 ** 53 - 1, 2 ** 60, -(2 ** 60), 0.5, -0, Number.NaN, Infinity, -Infinity),
);

describe('safeInt', () => {
  it('reads integers as they are and names a fraction as zod does', () => {
    expect(safeInt().parse(42)).toBe(42);
    expect(z.safeParse(safeInt(), 1.5).error?.issues[0]?.message).toBe('Invalid input: expected int, received number');
  });

  it.each(SHAPES)('gives the parse results and issues of z.int() (%s; bounded property run)', (_name, build) => {
    const ours = build(safeInt);
    const zods = build(zodInt);
    fc.assert(
      fc.property(fc.oneof(numbers, fc.anything()), (value) => {
        for (const input of [value, { n: value }, [value]]) expect(outcome(ours, input)).toEqual(outcome(zods, input));
      }),
      { numRuns: 300 },
    );
  });
});
