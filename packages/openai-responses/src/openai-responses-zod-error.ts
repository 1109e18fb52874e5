import { type IrError, invalidRequest } from '@interlingua/ir';
import { deepestIssue, formatIssuePath } from '@interlingua/ir-utils';
import type { z } from 'zod/mini';

/** The first issue of a zod error as an `invalid-request` IrError naming the bad field. */
export function zodInvalidRequest(error: z.core.$ZodError, base = ''): IrError {
  const first = error.issues[0];
  if (!first) return invalidRequest(base === '' ? 'Invalid request body' : `${base}: Invalid value`, base || undefined);
  const issue = deepestIssue(first);
  const path = formatIssuePath(issue.path, base);
  return invalidRequest(path === '' ? issue.message : `${path}: ${issue.message}`, path || undefined);
}

/** Parses `value` with `schema`, throwing an `invalid-request` IrError naming the bad field. */
export function parseOrThrow<S extends z.ZodMiniType>(schema: S, value: unknown, base = ''): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw zodInvalidRequest(result.error, base);
  return result.data;
}

/** How a reader takes a value to its schema's output: `parseOrThrow`, or `asAccepted` for a value known to pass as it is. */
export type SchemaReader = <S extends z.ZodMiniType>(schema: S, value: unknown, base?: string) => z.output<S>;

/** A value the schema is known to accept exactly as it is (checked by hand before), read without parsing. */
export const asAccepted: SchemaReader = <S extends z.ZodMiniType>(_schema: S, value: unknown) => value as z.output<S>;
