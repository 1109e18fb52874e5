import { withFallback, safeInt } from '@interlingua/ir-utils';
import * as z from 'zod/mini';
import './zod-english.js';

/* The pieces the Gemini request, answer, error and extension schemas share. */

/** A JSON object: function arguments and responses, schemas, kept fields. */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/** A token count or a candidate index. */
export const countSchema = safeInt().check(z.nonnegative());

/** Optional and never failing: a malformed value is read as absent. */
export function lenient<T extends z.ZodMiniType>(schema: T) {
  return withFallback(z.optional(schema), undefined);
}
