/** @interlingua/translate/openai-chat: the OpenAI Chat Completions codec and its wire types. */
export {
  openAiChatCodec,
  type OpenAiChatChunk,
  type OpenAiChatRequest,
  type OpenAiChatResponse,
} from '@interlingua/openai-chat';
