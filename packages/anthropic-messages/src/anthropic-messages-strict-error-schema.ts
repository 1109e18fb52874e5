import * as z from 'zod/mini';
import './zod-english.js';

/*
 * The strict error body lives apart from the lenient one the codec reads: it only checks what we
 * write (in tests), so translator bundles leave this module out.
 */

/** The error body we emit (`ErrorResponse` in the SDK, `request_id` only when known). */
export const anthropicStrictErrorBodySchema = z.strictObject({
  type: z.literal('error'),
  error: z.strictObject({ type: z.string().check(z.minLength(1)), message: z.string() }),
  request_id: z.nullish(z.string()),
});

export type AnthropicErrorBody = z.infer<typeof anthropicStrictErrorBodySchema>;
