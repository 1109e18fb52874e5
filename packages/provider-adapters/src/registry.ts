import type { ProviderAdapter } from './provider-adapter.js';
import { azureOpenAiAdapter } from './providers/azure-openai/azure-openai-adapter.js';
import { cerebrasAdapter } from './providers/cerebras/cerebras-adapter.js';
import { deepSeekAdapter } from './providers/deepseek/deepseek-adapter.js';
import { fireworksAdapter } from './providers/fireworks/fireworks-adapter.js';
import { groqAdapter } from './providers/groq/groq-adapter.js';
import { lmStudioAdapter } from './providers/lm-studio/lm-studio-adapter.js';
import { mistralAdapter } from './providers/mistral/mistral-adapter.js';
import { ollamaAdapter } from './providers/ollama/ollama-adapter.js';
import { openRouterAdapter } from './providers/openrouter/openrouter-adapter.js';
import { perplexityAdapter } from './providers/perplexity/perplexity-adapter.js';
import { togetherAdapter } from './providers/together/together-adapter.js';
import { vllmAdapter } from './providers/vllm/vllm-adapter.js';
import { xAiAdapter } from './providers/xai/xai-adapter.js';
import { anthropicAdapter } from './providers/anthropic/anthropic-adapter.js';
import { geminiAdapter } from './providers/gemini/gemini-adapter.js';
import { mockAdapter } from './providers/mock/mock-adapter.js';
import { openAiCompatibleAdapter } from './providers/openai-compatible/openai-compatible-adapter.js';
import { openAiAdapter } from './providers/openai/openai-adapter.js';
import { cohereAdapter } from './providers/cohere/cohere-adapter.js';
import { voyageAdapter } from './providers/voyage/voyage-adapter.js';
import { jinaAdapter } from './providers/jina/jina-adapter.js';
import { teiAdapter } from './providers/tei/tei-adapter.js';
import { bedrockAdapter } from './providers/bedrock/bedrock-adapter.js';
import { vertexAdapter } from './providers/vertex/vertex-adapter.js';

/** Every built-in provider adapter. Adding a provider adds one line here. */
export const BUILT_IN_ADAPTERS: readonly ProviderAdapter[] = [
  openAiAdapter,
  openAiCompatibleAdapter,
  azureOpenAiAdapter,
  groqAdapter,
  deepSeekAdapter,
  mistralAdapter,
  togetherAdapter,
  fireworksAdapter,
  openRouterAdapter,
  xAiAdapter,
  perplexityAdapter,
  cerebrasAdapter,
  ollamaAdapter,
  vllmAdapter,
  lmStudioAdapter,
  anthropicAdapter,
  geminiAdapter,
  bedrockAdapter,
  vertexAdapter,
  cohereAdapter,
  voyageAdapter,
  jinaAdapter,
  teiAdapter,
  mockAdapter,
];

export function adapterRegistry(extra: readonly ProviderAdapter[] = []): Map<string, ProviderAdapter> {
  return new Map([...BUILT_IN_ADAPTERS, ...extra].map((adapter) => [adapter.type, adapter]));
}
