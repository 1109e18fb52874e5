export * from './provider-adapter.js';
export * from './registry.js';
export * from './codecs.js';
export * from './transport/upstream-transport.js';
export * from './transport/upstream-error-map.js';
export {
  defineOpenAiCompatibleAdapter,
  openAiCompatibleAdapter,
  type OpenAiCompatiblePreset,
} from './providers/openai-compatible/openai-compatible-adapter.js';
export { parseOpenAiModelList } from './providers/openai-compatible/openai-wire-models.js';
export { openAiAdapter } from './providers/openai/openai-adapter.js';
export { mockAdapter, mockEvents } from './providers/mock/mock-adapter.js';
export { decideMockAnswer, sampleFromSchema } from './providers/mock/mock-answer.js';
export { anthropicAdapter, ANTHROPIC_VERSION } from './providers/anthropic/anthropic-adapter.js';
export { geminiAdapter } from './providers/gemini/gemini-adapter.js';
export { maxTokensHooks, renameMaxCompletionTokens } from './providers/openai-compatible/openai-compatible-hooks.js';
export {
  azureOpenAiAdapter,
  azureOpenAiGenerationUrl,
  azureOpenAiHeaders,
} from './providers/azure-openai/azure-openai-adapter.js';
export {
  AZURE_OPENAI_API_VERSION,
  azureOpenAiDeployment,
  azureOpenAiOptions,
  azureOpenAiOptionsSchema,
  type AzureOpenAiOptions,
} from './providers/azure-openai/azure-openai-options.js';
export {
  AZURE_OPENAI_ERROR_CODE_TO_IR,
  azureOpenAiErrorToIr,
  type AzureOpenAiErrorCode,
} from './providers/azure-openai/azure-openai-error.js';
export { groqAdapter } from './providers/groq/groq-adapter.js';
export { deepSeekAdapter, patchDeepSeekRequest } from './providers/deepseek/deepseek-adapter.js';
export { mistralAdapter, patchMistralRequest } from './providers/mistral/mistral-adapter.js';
export {
  isMistralToolCallId,
  mistralToolCallIdLookup,
  toMistralToolCallId,
} from './providers/mistral/mistral-tool-call-id.js';
export { togetherAdapter } from './providers/together/together-adapter.js';
export { fireworksAdapter } from './providers/fireworks/fireworks-adapter.js';
export { openRouterAdapter, openRouterHeaders } from './providers/openrouter/openrouter-adapter.js';
export { xAiAdapter } from './providers/xai/xai-adapter.js';
export { perplexityAdapter } from './providers/perplexity/perplexity-adapter.js';
export { cerebrasAdapter } from './providers/cerebras/cerebras-adapter.js';
export { ollamaAdapter } from './providers/ollama/ollama-adapter.js';
export { vllmAdapter } from './providers/vllm/vllm-adapter.js';
export { lmStudioAdapter } from './providers/lm-studio/lm-studio-adapter.js';
export { cohereAdapter } from './providers/cohere/cohere-adapter.js';
export { voyageAdapter } from './providers/voyage/voyage-adapter.js';
export { jinaAdapter } from './providers/jina/jina-adapter.js';
export { teiAdapter } from './providers/tei/tei-adapter.js';
export { defineServiceOnlyAdapter, type ServiceOnlyPreset } from './providers/service-only/service-only-adapter.js';
export { serviceErrorToIr } from './providers/service-only/service-error-to-ir.js';
export {
  OPENAI_RETRIEVAL_PATHS,
  openAiRetrievalServices,
  type OpenAiRetrievalService,
} from './providers/openai-compatible/openai-retrieval-services.js';
export { geminiEmbeddingServices } from './providers/gemini/gemini-embedding-services.js';
export {
  fnv1a,
  mockEmbed,
  mockEmbedding,
  mockWords,
  MOCK_EMBEDDING_DIMENSIONS,
  MOCK_MAX_EMBEDDING_DIMENSIONS,
} from './providers/mock/mock-embeddings.js';
export { mockRerank } from './providers/mock/mock-rerank.js';
export { mockImages, mockSpeech, mockTranscript, type MockImageRequest } from './providers/mock/mock-media.js';
export { encodePng, mockPng } from './providers/mock/mock-png.js';
export { mockWav, readWav, type WavFacts } from './providers/mock/mock-wav.js';
export { adapterCapabilities } from './adapter-capabilities.js';
export { serviceErrorCodec } from './service-error-codec.js';
export { bedrockAdapter } from './providers/bedrock/bedrock-adapter.js';
export { createBedrockConverseCodec } from './providers/bedrock/bedrock-converse-codec.js';
export {
  createBedrockEventStreamParser,
  encodeBedrockEventStreamMessage,
} from './providers/bedrock/bedrock-event-stream.js';
export { bedrockErrorToIr, bedrockErrorTypeOf, irToBedrockError } from './providers/bedrock/bedrock-converse-error.js';
export {
  bedrockModelContext,
  isAnthropicBedrockModel,
  type BedrockModelContext,
} from './providers/bedrock/bedrock-model-family.js';
export {
  bedrockAuth,
  bedrockOptionsSchema,
  bedrockRegion,
  type AwsCredentials,
  type BedrockAuth,
  type BedrockOptions,
} from './providers/bedrock/bedrock-options.js';
export { signBedrockRequest, BEDROCK_SIGNING_SERVICE } from './providers/bedrock/bedrock-sigv4.js';
export { BEDROCK_CONVERSE_STYLE_ID } from './providers/bedrock/ir-to-bedrock-converse-request.js';
export * from './providers/bedrock/bedrock-converse-schema.js';
export { vertexAdapter, vertexGenerationUrl, VERTEX_ANTHROPIC_VERSION } from './providers/vertex/vertex-adapter.js';
export { vertexAuthHeaders, VERTEX_SCOPE } from './providers/vertex/vertex-auth.js';
export {
  vertexConfig,
  vertexOptionsSchema,
  vertexPublisher,
  type VertexConfig,
  type VertexOptions,
} from './providers/vertex/vertex-options.js';
