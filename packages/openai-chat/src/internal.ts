/**
 * @interlingua/openai-chat/internal: what the gateway and the other Interlingua packages share with this
 * style beyond its public surface (request limits, answer usage for the gateway's usage counters,
 * the style-only entries of the compatibility report, helpers of the translation). No stability
 * promise: users import `@interlingua/openai-chat`.
 */
export { checkOpenAiChatRequestLimits, openAiChatRequestBodyToIr } from './openai-chat-request-to-ir.js';
export { OPENAI_CHAT_REASONING_EFFORTS } from './map/openai-chat-reasoning-effort.js';
export { openAiChatAnswerUsage } from './openai-chat-answer-usage.js';
export { openAiChatStyleOnlyEntries } from './openai-chat-style-only.js';
export { readPlainOpenAiChatRequest } from './openai-chat-plain-request.js';
export { OPENAI_CHAT_BODY_FIELDS, OPENAI_CHAT_STREAM_FIELDS } from './openai-chat-wire-fields.js';
