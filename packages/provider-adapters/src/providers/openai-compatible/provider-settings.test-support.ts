import type { GenerationCall, HttpProviderAdapter, ProviderSettings } from '../../provider-adapter.js';

/** Resolved settings for an adapter as the gateway would build them, for adapter tests. */
export function testSettings(
  adapter: HttpProviderAdapter,
  overrides: Partial<ProviderSettings> = {},
): ProviderSettings {
  return {
    id: adapter.type,
    type: adapter.type,
    baseUrl: adapter.defaultBaseUrl ?? 'http://127.0.0.1:8000/v1',
    apiKey: 'test-key',
    headers: {},
    forwardHeaders: [],
    api: 'chat',
    options: {},
    ...overrides,
  };
}

/** A generation call for `model` with `testSettings`. */
export function testCall(
  adapter: HttpProviderAdapter,
  overrides: Partial<ProviderSettings> = {},
  model = 'test-model',
): GenerationCall {
  return { settings: testSettings(adapter, overrides), model, stream: false };
}

/** Runs the adapter's `patchRequest` hook on a copy of `body` and returns the result. */
export function patched(
  adapter: HttpProviderAdapter,
  body: Record<string, unknown>,
  call: GenerationCall = testCall(adapter),
): Record<string, unknown> {
  const copy = structuredClone(body);
  adapter.hooks?.patchRequest?.(copy, call);
  return copy;
}
