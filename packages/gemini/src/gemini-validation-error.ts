import type { IrError } from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';
import { formatIssuePath } from '@interlingua/ir-utils';
import type { z } from 'zod/mini';

/** The `invalid-request` IrError for the first issue of a failed parse, naming the bad field. */
export function geminiValidationError(error: z.core.$ZodError): IrError {
  const issue = error.issues[0];
  if (!issue) return invalidRequest('Invalid Gemini request body');
  const path = formatIssuePath(issue.path);
  return invalidRequest(path ? `${path}: ${issue.message}` : issue.message, path || undefined);
}

/** Parses `wire` with `schema`, throwing an `invalid-request` IrError that names the bad field. */
export function parseGeminiWire<T extends z.ZodMiniType>(schema: T, wire: unknown): z.infer<T> {
  const parsed = schema.safeParse(wire);
  if (!parsed.success) throw geminiValidationError(parsed.error);
  return parsed.data;
}
