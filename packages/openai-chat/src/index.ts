/**
 * @interlingua/openai-chat: OpenAI Chat Completions schemas and the codec to and from the
 * Interlingua IR. The codec is the public surface; schemas and types are exported for callers
 * and tests.
 */
export { openAiChatCodec } from './openai-chat-codec.js';
export { openAiChatModelList, openAiModel, type OpenAiModel, type OpenAiModelList } from './openai-chat-model-list.js';
export {
  OPENAI_CHAT_STYLE_ID,
  OPENAI_CHAT_EXTENSION_META_KEYS,
  type OpenAiChatRequestExtensions,
  type OpenAiChatResponseExtensions,
} from './openai-chat-extensions.js';
export * from './openai-chat-request-schema.js';
export {
  openAiChatResponseSchema,
  openAiChatChunkSchema,
  type OpenAiChatLenientResponse,
  type OpenAiChatLenientChunk,
} from './openai-chat-response-schema.js';
export * from './openai-chat-strict-schema.js';
export type { OpenAiChatUsage } from './ir-to-openai-chat-usage.js';
export * from './map/openai-chat-finish-reason.js';

/** Also in `./internal`, their home; kept here while the gateway's call step imports them from the root. */
export { openAiChatStyleOnlyEntries } from './openai-chat-style-only.js';
