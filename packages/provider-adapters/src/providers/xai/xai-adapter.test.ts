import { describe, expect, it } from 'vitest';
import { patched, testCall, testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { xAiAdapter } from './xai-adapter.js';

describe('xai adapter', () => {
  it('posts chat completions to https://api.x.ai/v1 with a Bearer key', () => {
    const endpoint = xAiAdapter.generation(testCall(xAiAdapter));
    expect(endpoint.url).toBe('https://api.x.ai/v1/chat/completions');
    expect(endpoint.headers).toMatchObject({ authorization: 'Bearer test-key', 'content-type': 'application/json' });
  });

  it('lists models at /models and registers from XAI_API_KEY', () => {
    expect(xAiAdapter.models?.endpoint(testSettings(xAiAdapter)).url).toBe('https://api.x.ai/v1/models');
    expect(xAiAdapter.environment?.apiKey).toBe('XAI_API_KEY');
  });

  it('sends the chat body unchanged (max_completion_tokens is documented)', () => {
    const body = patched(xAiAdapter, {
      model: 'm',
      max_completion_tokens: 64,
      stream_options: { include_usage: true },
    });
    expect(body).toEqual({ model: 'm', max_completion_tokens: 64, stream_options: { include_usage: true } });
  });
});
