import type { StyleCodec } from '@interlingua/ir';
import { irErrorToOpenAiChat } from './ir-to-openai-chat-error.js';
import { irToOpenAiChatRequest } from './ir-to-openai-chat-request.js';
import { irToOpenAiChatResponse } from './ir-to-openai-chat-response.js';
import { openAiChatErrorToIr } from './openai-chat-error-to-ir.js';
import { OPENAI_CHAT_STYLE_ID } from './openai-chat-extensions.js';
import type { OpenAiChatRequest } from './openai-chat-request-schema.js';
import { openAiChatRequestToIr } from './openai-chat-request-to-ir.js';
import { openAiChatResponseToIr } from './openai-chat-response-to-ir.js';
import { createOpenAiChatStreamDecoder } from './openai-chat-stream-decoder.js';
import { createOpenAiChatStreamEncoder } from './openai-chat-stream-encoder.js';
import type { OpenAiChatResponse } from './openai-chat-strict-schema.js';

/**
 * The OpenAI Chat Completions codec: requests, responses, streams and errors to and from the IR.
 * `toIr` functions accept `unknown` (they validate), so the codec also fits `StyleCodec<unknown, unknown>`.
 */
export const openAiChatCodec = {
  id: OPENAI_CHAT_STYLE_ID,
  request: { toIr: openAiChatRequestToIr, fromIr: irToOpenAiChatRequest },
  response: { toIr: openAiChatResponseToIr, fromIr: irToOpenAiChatResponse },
  stream: { createDecoder: createOpenAiChatStreamDecoder, createEncoder: createOpenAiChatStreamEncoder },
  error: { toIr: openAiChatErrorToIr, fromIr: irErrorToOpenAiChat },
} satisfies StyleCodec<OpenAiChatRequest, OpenAiChatResponse>;
