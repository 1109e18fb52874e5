import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { maxTokensHooks } from '../openai-compatible/openai-compatible-hooks.js';

/**
 * A local Ollama server's OpenAI-compatible API. No key is needed (one configured is sent as a
 * Bearer token, for servers behind an authenticating proxy). No environment registration:
 * Ollama's own `OLLAMA_HOST` is a listen address, not an API base URL, and the no-file
 * defaults register providers by their key variable. Ollama documents `max_tokens`.
 * @see https://github.com/ollama/ollama/blob/main/docs/openai.md
 */
export const ollamaAdapter = defineOpenAiCompatibleAdapter({
  type: 'ollama',
  displayName: 'Ollama',
  defaultBaseUrl: 'http://127.0.0.1:11434/v1',
  hooks: maxTokensHooks,
});
