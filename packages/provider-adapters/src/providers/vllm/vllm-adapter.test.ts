import { describe, expect, it } from 'vitest';
import { patched, testCall } from '../openai-compatible/provider-settings.test-support.js';
import { vllmAdapter } from './vllm-adapter.js';

describe('vllm adapter', () => {
  it('has no default address: the configured baseUrl is used', () => {
    expect(vllmAdapter.defaultBaseUrl).toBeUndefined();
    const endpoint = vllmAdapter.generation(testCall(vllmAdapter, { baseUrl: 'http://gpu-box:8000/v1/' }));
    expect(endpoint.url).toBe('http://gpu-box:8000/v1/chat/completions');
  });

  it('uses /responses when configured for the Responses API', () => {
    const settings = { baseUrl: 'http://gpu-box:8000/v1', api: 'responses' as const };
    expect(vllmAdapter.wire(testCall(vllmAdapter, settings).settings)).toBe('openai-responses');
    expect(vllmAdapter.generation(testCall(vllmAdapter, settings)).url).toBe('http://gpu-box:8000/v1/responses');
  });

  it('sends the key only when one is set (vllm serve --api-key) and leaves the body alone', () => {
    expect(vllmAdapter.generation(testCall(vllmAdapter, { apiKey: undefined })).headers).not.toHaveProperty(
      'authorization',
    );
    expect(vllmAdapter.generation(testCall(vllmAdapter)).headers['authorization']).toBe('Bearer test-key');
    expect(vllmAdapter.environment).toBeUndefined();
    expect(patched(vllmAdapter, { max_completion_tokens: 8 })).toEqual({ max_completion_tokens: 8 });
  });
});
