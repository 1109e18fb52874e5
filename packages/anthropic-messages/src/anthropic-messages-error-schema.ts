import * as z from 'zod';

/** An error body as upstreams send it: `{type:'error', error:{type, message}, request_id?}`, read leniently. */
export const anthropicErrorBodySchema = z.looseObject({
  type: z.string().optional(),
  error: z.looseObject({
    type: z.string().optional(),
    message: z.unknown().optional(),
    details: z.looseObject({ error_code: z.string().optional() }).nullish(),
  }),
  request_id: z.string().nullish(),
});

/** The error body we emit (`ErrorResponse` in the SDK, `request_id` only when known). */
export const anthropicStrictErrorBodySchema = z.strictObject({
  type: z.literal('error'),
  error: z.strictObject({ type: z.string().min(1), message: z.string() }),
  request_id: z.string().nullish(),
});

export type AnthropicErrorBodyLenient = z.infer<typeof anthropicErrorBodySchema>;
export type AnthropicErrorBody = z.infer<typeof anthropicStrictErrorBodySchema>;
