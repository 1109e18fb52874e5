import * as z from 'zod';

const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * A Gemini error body: `{"error":{"code","message","status","details"?}}` (google.rpc.Status).
 *
 * @see https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 */
export const geminiErrorBodySchema = z.looseObject({
  error: z.looseObject({
    code: lenient(z.number().int()),
    message: lenient(z.string()),
    status: lenient(z.string()),
    details: lenient(z.array(z.unknown())),
  }),
});

/** The error body we emit. */
export const geminiStrictErrorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.number().int().min(400).max(599),
    message: z.string(),
    status: z.string().min(1),
    details: z.array(z.looseObject({ '@type': z.string() })).optional(),
  }),
});

export type GeminiErrorBody = z.infer<typeof geminiStrictErrorBodySchema>;
