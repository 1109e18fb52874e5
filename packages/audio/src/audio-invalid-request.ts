import { invalidRequest } from '@interlingua/ir';
import type { z } from 'zod';

/** `timestamp_granularities[0]` or `speed` from a zod issue path. */
export function audioFieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out === '' ? '' : '.'}${String(key)}`;
  return out;
}

/** Parses `value` with `schema`, throwing an `invalid-request` IrError naming the first bad field. */
export function parseAudioWire<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue ? audioFieldPath(issue.path) : '';
  const message = issue?.message ?? 'Invalid request';
  throw invalidRequest(path === '' ? message : `${path}: ${message}`, path === '' ? undefined : path);
}
