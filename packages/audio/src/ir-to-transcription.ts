import type { IrResponse, IrUsage } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import type {
  OpenAiTranscriptionStrictResponse,
  OpenAiTranscriptionTokenUsage,
} from './openai-transcription-response-schema.js';

/** A transcription answer ready to send. */
export interface TranscriptionAnswer {
  contentType: string;
  body: string;
}

/**
 * A text answer to a transcription (Gemini audio understanding, decoded to IR) in the format the
 * caller asked for: `json` (`{text, usage}` with token usage) or `text` (`text/plain`, as OpenAI
 * answers it). An answer stopped by a safety filter is a 400, never an empty transcript.
 */
export function transcriptionFromIr(
  response: IrResponse,
  format: 'json' | 'text',
  provider: string,
): TranscriptionAnswer {
  const choice = response.choices[0];
  if (!choice || choice.finishReason.unified === 'content-filter') {
    const reason = choice?.finishReason.raw ?? 'no candidate';
    throw new IrError({
      kind: 'invalid-request',
      status: 400,
      code: 'content_policy_violation',
      message: `${provider} returned no transcript (finish reason ${reason})`,
      source: 'upstream',
    });
  }
  const text = choice.content
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('')
    .trim();
  if (format === 'text') return { contentType: 'text/plain; charset=utf-8', body: text };
  const body: OpenAiTranscriptionStrictResponse = { text };
  if (response.usage) body.usage = transcriptionUsage(response.usage);
  return { contentType: 'application/json', body: JSON.stringify(body) };
}

/** OpenAI's token usage of a transcription, from IR usage. */
export function transcriptionUsage(usage: IrUsage): OpenAiTranscriptionTokenUsage {
  return {
    type: 'tokens',
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    total_tokens: usage.totalTokens,
  };
}
