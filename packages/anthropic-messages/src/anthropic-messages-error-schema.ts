import * as z from 'zod/mini';
import './zod-english.js';

/** An error body as upstreams send it: `{type:'error', error:{type, message}, request_id?}`, read leniently. */
export const anthropicErrorBodySchema = z.looseObject({
  type: z.optional(z.string()),
  error: z.looseObject({
    type: z.optional(z.string()),
    message: z.optional(z.unknown()),
    details: z.nullish(z.looseObject({ error_code: z.optional(z.string()) })),
  }),
  request_id: z.nullish(z.string()),
});

export type AnthropicErrorBodyLenient = z.infer<typeof anthropicErrorBodySchema>;
