import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';

/**
 * A vLLM server (`vllm serve`). It has no usual address, so `baseUrl` is required (e.g.
 * `http://gpu-host:8000/v1`); the key is optional (`vllm serve --api-key`). vLLM accepts
 * `max_completion_tokens` and `stream_options`, so the body goes up unchanged.
 * @see https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html
 */
export const vllmAdapter = defineOpenAiCompatibleAdapter({
  type: 'vllm',
  displayName: 'vLLM',
  retrievalServices: ['embeddings', 'rerank'],
});
