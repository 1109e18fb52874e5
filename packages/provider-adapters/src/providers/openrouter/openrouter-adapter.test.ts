import { describe, expect, it } from 'vitest';
import { patched, testCall, testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { openRouterAdapter } from './openrouter-adapter.js';

describe('openrouter adapter', () => {
  it('posts to OpenRouter with a Bearer key and no attribution by default', () => {
    const endpoint = openRouterAdapter.generation(testCall(openRouterAdapter));
    expect(endpoint.url).toBe('https://openrouter.ai/api/v1/chat/completions');
    expect(endpoint.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer test-key' });
    expect(openRouterAdapter.environment?.apiKey).toBe('OPENROUTER_API_KEY');
  });

  it('adds HTTP-Referer and X-Title from the options, on generation and listing', () => {
    const options = { httpReferer: 'https://example.org', appTitle: 'Example App' };
    const endpoint = openRouterAdapter.generation(testCall(openRouterAdapter, { options }));
    expect(endpoint.headers).toMatchObject({ 'http-referer': 'https://example.org', 'x-title': 'Example App' });
    expect(openRouterAdapter.models?.endpoint(testSettings(openRouterAdapter, { options })).headers['x-title']).toBe(
      'Example App',
    );
  });

  it('ignores attribution options that are not strings, and lets config headers win', () => {
    const settings = { options: { httpReferer: 42, appTitle: 'A' }, headers: { 'x-title': 'From config' } };
    const headers = openRouterAdapter.generation(testCall(openRouterAdapter, settings)).headers;
    expect(headers).not.toHaveProperty('http-referer');
    expect(headers['x-title']).toBe('From config');
  });

  it('sends max_tokens', () => {
    expect(patched(openRouterAdapter, { max_completion_tokens: 8 })).toEqual({ max_tokens: 8 });
  });
});
