import { describe, expect, it } from 'vitest';
import { patched, testCall, testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { perplexityAdapter } from './perplexity-adapter.js';

describe('perplexity adapter', () => {
  it('posts chat completions to https://api.perplexity.ai with a Bearer key', () => {
    const endpoint = perplexityAdapter.generation(testCall(perplexityAdapter));
    expect(endpoint.url).toBe('https://api.perplexity.ai/chat/completions');
    expect(endpoint.headers).toMatchObject({ authorization: 'Bearer test-key', 'content-type': 'application/json' });
  });

  it('lists models at /models and registers from PERPLEXITY_API_KEY', () => {
    expect(perplexityAdapter.models?.endpoint(testSettings(perplexityAdapter)).url).toBe(
      'https://api.perplexity.ai/models',
    );
    expect(perplexityAdapter.environment?.apiKey).toBe('PERPLEXITY_API_KEY');
  });

  it('sends max_tokens', () => {
    const body = patched(perplexityAdapter, {
      model: 'm',
      max_completion_tokens: 64,
      stream_options: { include_usage: true },
    });
    expect(body).toEqual({ model: 'm', max_tokens: 64, stream_options: { include_usage: true } });
  });
});
