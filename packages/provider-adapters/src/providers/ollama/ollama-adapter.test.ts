import { describe, expect, it } from 'vitest';
import { patched, testCall } from '../openai-compatible/provider-settings.test-support.js';
import { ollamaAdapter } from './ollama-adapter.js';

describe('ollama adapter', () => {
  it('talks to the local server without a key', () => {
    const endpoint = ollamaAdapter.generation(testCall(ollamaAdapter, { apiKey: undefined }));
    expect(endpoint.url).toBe('http://127.0.0.1:11434/v1/chat/completions');
    expect(endpoint.headers).not.toHaveProperty('authorization');
  });

  it('sends a configured key as a Bearer token (an authenticating proxy in front)', () => {
    expect(ollamaAdapter.generation(testCall(ollamaAdapter)).headers['authorization']).toBe('Bearer test-key');
  });

  it('is not registered from the environment and sends max_tokens', () => {
    expect(ollamaAdapter.environment).toBeUndefined();
    expect(patched(ollamaAdapter, { max_completion_tokens: 8 })).toEqual({ max_tokens: 8 });
  });
});
