import { describe, expect, it } from 'vitest';
import { patched, testCall, testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { cerebrasAdapter } from './cerebras-adapter.js';

describe('cerebras adapter', () => {
  it('posts chat completions to https://api.cerebras.ai/v1 with a Bearer key', () => {
    const endpoint = cerebrasAdapter.generation(testCall(cerebrasAdapter));
    expect(endpoint.url).toBe('https://api.cerebras.ai/v1/chat/completions');
    expect(endpoint.headers).toMatchObject({ authorization: 'Bearer test-key', 'content-type': 'application/json' });
  });

  it('lists models at /models and registers from CEREBRAS_API_KEY', () => {
    expect(cerebrasAdapter.models?.endpoint(testSettings(cerebrasAdapter)).url).toBe(
      'https://api.cerebras.ai/v1/models',
    );
    expect(cerebrasAdapter.environment?.apiKey).toBe('CEREBRAS_API_KEY');
  });

  it('sends the chat body unchanged (max_completion_tokens is documented)', () => {
    const body = patched(cerebrasAdapter, {
      model: 'm',
      max_completion_tokens: 64,
      stream_options: { include_usage: true },
    });
    expect(body).toEqual({ model: 'm', max_completion_tokens: 64, stream_options: { include_usage: true } });
  });
});
