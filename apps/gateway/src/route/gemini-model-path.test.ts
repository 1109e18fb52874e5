import { describe, expect, it } from 'vitest';
import { parseGeminiModelPath } from './gemini-model-path.js';

describe('parseGeminiModelPath', () => {
  it('splits model and method, keeping slashes and colons inside the model', () => {
    expect(parseGeminiModelPath(['gemini-2.5-flash:generateContent'])).toEqual({
      model: 'gemini-2.5-flash',
      method: 'generateContent',
    });
    expect(parseGeminiModelPath(['openai', 'gpt-4.1:streamGenerateContent'])).toEqual({
      model: 'openai/gpt-4.1',
      method: 'streamGenerateContent',
    });
    expect(parseGeminiModelPath(['ft:gpt-4o:acme', 'x'])).toEqual({ model: 'ft:gpt-4o:acme/x', method: undefined });
    expect(parseGeminiModelPath(['gemini-2.5-flash'])).toEqual({ model: 'gemini-2.5-flash', method: undefined });
  });
});
