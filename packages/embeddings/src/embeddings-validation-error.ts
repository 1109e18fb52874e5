import type { IrError } from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';
import type { z } from 'zod';

/** `requests[0].content.parts[1].text` from a zod issue path. */
export function formatEmbeddingsPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** The `invalid-request` IrError for the first issue of a failed parse, naming the bad field. */
export function embeddingsValidationError(error: z.ZodError, what: string): IrError {
  const issue = error.issues[0];
  if (!issue) return invalidRequest(`Invalid ${what} body`);
  const path = formatEmbeddingsPath(issue.path);
  return invalidRequest(path ? `${path}: ${issue.message}` : issue.message, path || undefined);
}

/** Parses `wire` with `schema`, throwing an `invalid-request` IrError that names the bad field. */
export function parseEmbeddingsWire<T extends z.ZodType>(schema: T, wire: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(wire);
  if (!parsed.success) throw embeddingsValidationError(parsed.error, what);
  return parsed.data;
}

/** The fields of `body` not in `known`, for `extensions` (unknown fields survive a round trip). */
export function unknownFields(
  body: Record<string, unknown>,
  known: readonly string[],
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!known.includes(key) && value !== undefined) out[key] = value;
  return Object.keys(out).length > 0 ? out : undefined;
}
