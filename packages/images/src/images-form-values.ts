import * as z from 'zod';

/**
 * Text fields of a multipart form, as the gateway hands them over: one value per name, or a list
 * for a name sent several times or with the `[]` suffix (stored without it: `image[]` -> `image`).
 */
export type FormFields = Record<string, string | string[]>;

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/** `schema` applied to a number given as JSON or as the decimal string a multipart form carries. */
export function formNumber<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value), schema);
}

/** A boolean given as JSON or as the `"true"` / `"false"` string a multipart form carries. */
export const formBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean(),
);
