import { describe, expect, it } from 'vitest';
import { patched, testCall, testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { lmStudioAdapter } from './lm-studio-adapter.js';

describe('lm-studio adapter', () => {
  it('talks to the local server on port 1234 without a key', () => {
    const endpoint = lmStudioAdapter.generation(testCall(lmStudioAdapter, { apiKey: undefined }));
    expect(endpoint.url).toBe('http://127.0.0.1:1234/v1/chat/completions');
    expect(endpoint.headers).not.toHaveProperty('authorization');
    expect(lmStudioAdapter.models?.endpoint(testSettings(lmStudioAdapter)).url).toBe('http://127.0.0.1:1234/v1/models');
  });

  it('is not registered from the environment and sends max_tokens', () => {
    expect(lmStudioAdapter.environment).toBeUndefined();
    expect(patched(lmStudioAdapter, { max_completion_tokens: 8 })).toEqual({ max_tokens: 8 });
  });
});
