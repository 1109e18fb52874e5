import { describe, expect, it } from 'vitest';
import { openAiImagesUsageToIr } from './openai-images-usage-to-ir.js';

describe('openAiImagesUsageToIr', () => {
  it('reads GPT-image token usage, keeping the object as raw', () => {
    // The usage object of OpenAI's documented ImagesResponse example.
    const usage = {
      total_tokens: 100,
      input_tokens: 50,
      output_tokens: 50,
      input_tokens_details: { text_tokens: 10, image_tokens: 40 },
    };
    expect(openAiImagesUsageToIr(usage)).toEqual({ inputTokens: 50, outputTokens: 50, totalTokens: 100, raw: usage });
  });

  it('invents nothing when there is no token usage', () => {
    expect(openAiImagesUsageToIr(undefined)).toBeUndefined();
    expect(openAiImagesUsageToIr({ total_tokens: 3 })).toBeUndefined();
    expect(openAiImagesUsageToIr({ input_tokens: -1, output_tokens: 2 })).toBeUndefined();
  });
});
