import * as z from 'zod';

/**
 * OpenAI's `ImagesResponse`, read leniently (unknown fields survive) and, for tests, strictly.
 * Only `created` is required; GPT-image answers add `usage`, `background`, `output_format`,
 * `quality` and `size`.
 * @see https://platform.openai.com/docs/api-reference/images/object
 */
const image = z.looseObject({
  b64_json: z.string().optional(),
  url: z.string().optional(),
  revised_prompt: z.string().optional(),
});

const usage = z.looseObject({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
  input_tokens_details: z
    .looseObject({ text_tokens: z.number().int().optional(), image_tokens: z.number().int().optional() })
    .optional(),
  output_tokens_details: z
    .looseObject({ text_tokens: z.number().int().optional(), image_tokens: z.number().int().optional() })
    .optional(),
});

/** Any `ImagesResponse` an upstream sends. */
export const openAiImagesResponseSchema = z.looseObject({
  created: z.number(),
  data: z.array(image).optional(),
  background: z.string().optional(),
  output_format: z.string().optional(),
  quality: z.string().optional(),
  size: z.string().optional(),
  usage: usage.optional(),
});

const strictImage = z
  .strictObject({
    b64_json: z.string().min(1).optional(),
    url: z.url().optional(),
    revised_prompt: z.string().optional(),
  })
  .refine((item) => (item.b64_json === undefined) !== (item.url === undefined), 'exactly one of b64_json or url');

const strictUsage = z
  .strictObject({
    input_tokens: z.number().int().nonnegative(),
    output_tokens: z.number().int().nonnegative(),
    total_tokens: z.number().int().nonnegative(),
    input_tokens_details: z
      .strictObject({ text_tokens: z.number().int().nonnegative(), image_tokens: z.number().int().nonnegative() })
      .optional(),
    output_tokens_details: z
      .strictObject({ text_tokens: z.number().int().nonnegative(), image_tokens: z.number().int().nonnegative() })
      .optional(),
  })
  .refine(
    (u) => u.total_tokens === u.input_tokens + u.output_tokens,
    'total_tokens must equal input_tokens + output_tokens',
  );

/** What the gateway itself answers: every image is base64 or a URL, usage adds up. */
export const openAiImagesStrictResponseSchema = z.strictObject({
  created: z.number().int().positive(),
  data: z.array(strictImage).min(1),
  background: z.enum(['transparent', 'opaque']).optional(),
  output_format: z.enum(['png', 'jpeg', 'webp']).optional(),
  quality: z.string().optional(),
  size: z.string().optional(),
  usage: strictUsage.optional(),
});

export type OpenAiImagesResponse = z.output<typeof openAiImagesResponseSchema>;
export type OpenAiImagesStrictResponse = z.output<typeof openAiImagesStrictResponseSchema>;
