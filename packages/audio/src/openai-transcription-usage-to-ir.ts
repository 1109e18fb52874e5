import { usageFrom, type IrUsage } from '@interlingua/ir';
import * as z from 'zod';

/**
 * A transcription's token usage (`type: "tokens"`, GPT-4o transcribe models), read leniently;
 * the text / audio split of `input_token_details` stays in `raw`.
 * @see https://platform.openai.com/docs/api-reference/audio/json-object
 * @see https://platform.openai.com/docs/api-reference/audio/transcript-text-done-event
 */
const tokenUsageSchema = z.looseObject({
  type: z.literal('tokens'),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
});

/**
 * The `usage` object of a transcription or translation answer (or of a `transcript.text.done`
 * event) as IR usage, keeping the object in `raw`. Undefined for anything but token usage:
 * Whisper's `{type: "duration", seconds}` counts no tokens, and none are invented.
 */
export function openAiTranscriptionUsageToIr(usage: unknown): IrUsage | undefined {
  const parsed = tokenUsageSchema.safeParse(usage);
  if (!parsed.success) return undefined;
  return usageFrom({ inputTokens: parsed.data.input_tokens, outputTokens: parsed.data.output_tokens, raw: usage });
}
