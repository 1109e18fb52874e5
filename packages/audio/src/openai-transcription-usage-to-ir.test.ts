import { describe, expect, it } from 'vitest';
import { openAiTranscriptionUsageToIr } from './openai-transcription-usage-to-ir.js';

describe('openAiTranscriptionUsageToIr', () => {
  it('reads token usage (GPT-4o transcribe), keeping the object as raw', () => {
    // The usage object of OpenAI's documented transcription JSON example.
    const usage = {
      type: 'tokens',
      input_tokens: 14,
      input_token_details: { text_tokens: 0, audio_tokens: 14 },
      output_tokens: 45,
      total_tokens: 59,
    };
    expect(openAiTranscriptionUsageToIr(usage)).toEqual({
      inputTokens: 14,
      outputTokens: 45,
      totalTokens: 59,
      raw: usage,
    });
  });

  it("counts no tokens for Whisper's duration usage, nor for anything else", () => {
    expect(openAiTranscriptionUsageToIr({ type: 'duration', seconds: 37 })).toBeUndefined();
    expect(openAiTranscriptionUsageToIr({ input_tokens: 1, output_tokens: 1 })).toBeUndefined();
    expect(openAiTranscriptionUsageToIr(undefined)).toBeUndefined();
  });
});
