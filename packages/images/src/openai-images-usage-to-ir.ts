import { usageFrom, type IrUsage } from '@interlingua/ir';
import * as z from 'zod';

/**
 * GPT-image token usage, read leniently: `input_tokens` and `output_tokens` are what counts;
 * the text / image split of `input_tokens_details` stays in `raw`.
 * @see https://platform.openai.com/docs/api-reference/images/object
 */
const imagesUsageSchema = z.looseObject({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
});

/**
 * The `usage` object of an OpenAI images answer (or of an `image_generation.completed` /
 * `image_edit.completed` stream event) as IR usage, keeping the object in `raw`; undefined when
 * the value is not a token usage (DALL·E answers report none: nothing is invented).
 */
export function openAiImagesUsageToIr(usage: unknown): IrUsage | undefined {
  const parsed = imagesUsageSchema.safeParse(usage);
  if (!parsed.success) return undefined;
  return usageFrom({ inputTokens: parsed.data.input_tokens, outputTokens: parsed.data.output_tokens, raw: usage });
}
