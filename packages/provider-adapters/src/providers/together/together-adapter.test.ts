import { describe, expect, it } from 'vitest';
import { patched, testCall, testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { togetherAdapter } from './together-adapter.js';

describe('together adapter', () => {
  it('posts chat completions to https://api.together.xyz/v1 with a Bearer key', () => {
    const endpoint = togetherAdapter.generation(testCall(togetherAdapter));
    expect(endpoint.url).toBe('https://api.together.xyz/v1/chat/completions');
    expect(endpoint.headers).toMatchObject({ authorization: 'Bearer test-key', 'content-type': 'application/json' });
  });

  it('lists models at /models and registers from TOGETHER_API_KEY', () => {
    expect(togetherAdapter.models?.endpoint(testSettings(togetherAdapter)).url).toBe(
      'https://api.together.xyz/v1/models',
    );
    expect(togetherAdapter.environment?.apiKey).toBe('TOGETHER_API_KEY');
  });

  it('sends max_tokens', () => {
    const body = patched(togetherAdapter, {
      model: 'm',
      max_completion_tokens: 64,
      stream_options: { include_usage: true },
    });
    expect(body).toEqual({ model: 'm', max_tokens: 64, stream_options: { include_usage: true } });
  });
});
