import { describe, expect, it } from 'vitest';
import { testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { geminiAdapter } from './gemini-adapter.js';

describe('Gemini media services', () => {
  it('serves image generation and edits, speech and transcription through generateContent; not variations nor translations', () => {
    const services = geminiAdapter.services ?? {};
    expect(
      Object.keys(services)
        .filter((name) => name.startsWith('images') || name.startsWith('audio'))
        .sort(),
    ).toEqual(['audio.speech', 'audio.transcriptions', 'images.edits', 'images.generations']);
    const endpoint = services['audio.speech']?.endpoint(testSettings(geminiAdapter), 'gemini-2.5-flash-preview-tts');
    expect(services['audio.speech']?.wire).toBe('gemini');
    expect(endpoint).toEqual({
      url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash-preview-tts:generateContent',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'test-key' },
    });
  });
});
