import type { ProviderAdapter } from './provider-adapter.js';
import { anthropicAdapter } from './providers/anthropic/anthropic-adapter.js';
import { geminiAdapter } from './providers/gemini/gemini-adapter.js';
import { mockAdapter } from './providers/mock/mock-adapter.js';
import { openAiCompatibleAdapter } from './providers/openai-compatible/openai-compatible-adapter.js';
import { openAiAdapter } from './providers/openai/openai-adapter.js';

/** Every built-in provider adapter. Adding a provider adds one line here. */
export const BUILT_IN_ADAPTERS: readonly ProviderAdapter[] = [
  openAiAdapter,
  openAiCompatibleAdapter,
  anthropicAdapter,
  geminiAdapter,
  mockAdapter,
];

export function adapterRegistry(extra: readonly ProviderAdapter[] = []): Map<string, ProviderAdapter> {
  return new Map([...BUILT_IN_ADAPTERS, ...extra].map((adapter) => [adapter.type, adapter]));
}
