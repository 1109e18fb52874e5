import { invalidRequest } from '@interlingua/ir';
import type { z } from 'zod';

/** `image[1]`, `size` or `data[0].b64_json` from a zod issue path. */
export function imagesFieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out === '' ? '' : '.'}${String(key)}`;
  return out;
}

/** Parses `value` with `schema`, throwing an `invalid-request` IrError naming the first bad field. */
export function parseImagesWire<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue ? imagesFieldPath(issue.path) : '';
  const message = issue?.message ?? 'Invalid request';
  throw invalidRequest(path === '' ? message : `${path}: ${message}`, path === '' ? undefined : path);
}
