import { describe, expect, it } from 'vitest';
import { patched, testCall, testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { fireworksAdapter } from './fireworks-adapter.js';

describe('fireworks adapter', () => {
  it('posts chat completions to https://api.fireworks.ai/inference/v1 with a Bearer key', () => {
    const endpoint = fireworksAdapter.generation(testCall(fireworksAdapter));
    expect(endpoint.url).toBe('https://api.fireworks.ai/inference/v1/chat/completions');
    expect(endpoint.headers).toMatchObject({ authorization: 'Bearer test-key', 'content-type': 'application/json' });
  });

  it('lists models at /models and registers from FIREWORKS_API_KEY', () => {
    expect(fireworksAdapter.models?.endpoint(testSettings(fireworksAdapter)).url).toBe(
      'https://api.fireworks.ai/inference/v1/models',
    );
    expect(fireworksAdapter.environment?.apiKey).toBe('FIREWORKS_API_KEY');
  });

  it('sends max_tokens', () => {
    const body = patched(fireworksAdapter, {
      model: 'm',
      max_completion_tokens: 64,
      stream_options: { include_usage: true },
    });
    expect(body).toEqual({ model: 'm', max_tokens: 64, stream_options: { include_usage: true } });
  });
});
