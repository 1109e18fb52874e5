import * as z from 'zod';

/**
 * Text fields of a multipart form, as the gateway hands them over: one value per name, or a list
 * for a name sent several times or with the `[]` suffix (stored without it:
 * `timestamp_granularities[]` -> `timestamp_granularities`).
 */
export type AudioFormFields = Record<string, string | string[]>;

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/** `schema` applied to a number given as JSON or as the decimal string a multipart form carries. */
export function audioFormNumber<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value), schema);
}

/** A boolean given as JSON or as the `"true"` / `"false"` string a multipart form carries. */
export const audioFormBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean(),
);

/** One string or a list of them (a `key[]` field sent once arrives as a single string). */
export function audioFormList<T extends z.ZodType<string>>(item: T) {
  return z.union([item.transform((value) => [value]), z.array(item)]);
}
