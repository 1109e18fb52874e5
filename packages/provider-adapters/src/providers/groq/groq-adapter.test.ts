import { describe, expect, it } from 'vitest';
import { patched, testCall, testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { groqAdapter } from './groq-adapter.js';

describe('groq adapter', () => {
  it('posts chat completions to https://api.groq.com/openai/v1 with a Bearer key', () => {
    const endpoint = groqAdapter.generation(testCall(groqAdapter));
    expect(endpoint.url).toBe('https://api.groq.com/openai/v1/chat/completions');
    expect(endpoint.headers).toMatchObject({ authorization: 'Bearer test-key', 'content-type': 'application/json' });
  });

  it('lists models at /models and registers from GROQ_API_KEY', () => {
    expect(groqAdapter.models?.endpoint(testSettings(groqAdapter)).url).toBe('https://api.groq.com/openai/v1/models');
    expect(groqAdapter.environment?.apiKey).toBe('GROQ_API_KEY');
  });

  it('sends the chat body unchanged (max_completion_tokens is documented)', () => {
    const body = patched(groqAdapter, { model: 'm', max_completion_tokens: 64, stream_options: { include_usage: true } });
    expect(body).toEqual({ model: 'm', max_completion_tokens: 64, stream_options: { include_usage: true } });
  });
});
