/**
 * @interlingua/anthropic-messages/internal: what the gateway and the other Interlingua packages share with this
 * style beyond its public surface (request limits, answer usage for the gateway's usage counters,
 * the style-only entries of the compatibility report, helpers of the translation). No stability
 * promise: users import `@interlingua/anthropic-messages`.
 */
export {
  checkAnthropicMessagesRequestLimits,
  anthropicMessagesRequestBodyToIr,
} from './anthropic-messages-request-to-ir.js';
export { ANTHROPIC_DEFAULT_MAX_TOKENS } from './ir-to-anthropic-messages-request.js';
export { anthropicErrorTypeOf } from './ir-to-anthropic-messages-error.js';
export { anthropicMessagesAnswerUsage } from './anthropic-messages-answer-usage.js';
export { anthropicMessagesStyleOnlyEntries } from './anthropic-messages-style-only.js';
export { readPlainAnthropicMessagesRequest } from './anthropic-messages-plain-request.js';
export {
  ANTHROPIC_EMPTY_SIGNATURE_NEEDLES,
  ANTHROPIC_MESSAGES_BODY_FIELDS,
  ANTHROPIC_MESSAGES_STREAM_FIELDS,
} from './anthropic-messages-wire-fields.js';
