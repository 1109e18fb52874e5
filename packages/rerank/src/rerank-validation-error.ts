import { IrError, invalidRequest } from '@interlingua/ir';
import type { z } from 'zod';

/** `documents[2].text` from a zod issue path. */
export function formatRerankPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Parses `wire` with `schema`, throwing an `invalid-request` IrError that names the bad field. */
export function parseRerankWire<T extends z.ZodType>(schema: T, wire: unknown): z.infer<T> {
  const parsed = schema.safeParse(wire);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw invalidRequest('Invalid rerank request body');
  const path = formatRerankPath(issue.path);
  throw invalidRequest(path ? `${path}: ${issue.message}` : issue.message, path || undefined);
}

/** An `upstream-error` for an answer that is not a rerank answer of the wire. */
export function notARerankAnswer(wireName: string, detail: string): IrError {
  return new IrError({
    kind: 'upstream-error',
    message: `The ${wireName} upstream did not answer with rerank results: ${detail}`,
    source: 'upstream',
  });
}
