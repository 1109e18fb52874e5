/**
 * @interlingua/anthropic-messages — Anthropic Messages API (`POST /v1/messages`) schemas and the
 * codec to and from the Interlingua IR.
 */
export { anthropicMessagesCodec } from './anthropic-messages-codec.js';

export { anthropicMessagesRequestToIr, anthropicCountTokensRequestToIr } from './anthropic-messages-request-to-ir.js';
export { irToAnthropicMessagesRequest, irToAnthropicCountTokensRequest } from './ir-to-anthropic-messages-request.js';
export { anthropicMessagesResponseToIr } from './anthropic-messages-response-to-ir.js';
export { irToAnthropicMessagesResponse } from './ir-to-anthropic-messages-response.js';
export { createAnthropicMessagesStreamDecoder } from './anthropic-messages-stream-decoder.js';
export {
  createAnthropicMessagesStreamEncoder,
  anthropicPingEvent,
  anthropicSseMessage,
} from './anthropic-messages-stream-encoder.js';
export { validateAnthropicMessagesStream } from './anthropic-messages-stream-validator.js';
export { anthropicErrorToIr } from './anthropic-messages-error-to-ir.js';
export { irToAnthropicError } from './ir-to-anthropic-messages-error.js';
export { anthropicUsageToIr } from './anthropic-messages-usage-to-ir.js';
export { irUsageToAnthropic } from './ir-to-anthropic-messages-usage.js';
export {
  anthropicModel,
  anthropicModelList,
  anthropicModelSchema,
  anthropicModelListSchema,
} from './anthropic-messages-model-list.js';
export type { AnthropicModel, AnthropicModelList } from './anthropic-messages-model-list.js';
export { anthropicCountTokensResponse } from './anthropic-messages-count-tokens.js';

export * from './anthropic-messages-content-schema.js';
export * from './anthropic-messages-request-schema.js';
export * from './anthropic-messages-count-tokens-schema.js';
export * from './anthropic-messages-response-schema.js';
export * from './anthropic-messages-lenient-response-schema.js';
export * from './anthropic-messages-strict-response-schema.js';
export * from './anthropic-messages-stream-event-schema.js';
export * from './anthropic-messages-error-schema.js';
export * from './anthropic-messages-strict-error-schema.js';
export type {
  AnthropicRequestExtension,
  AnthropicResponseExtension,
  AnthropicBlockNote,
  AnthropicToolNote,
} from './anthropic-messages-extension.js';
export { ANTHROPIC_STYLE_ID } from './anthropic-messages-extension.js';

export * from './map/anthropic-stop-reason.js';
export * from './map/anthropic-error-type.js';
export * from './map/anthropic-tool-choice.js';
export * from './map/anthropic-thinking-budget.js';

/** Also in `./internal`, their home; kept here while the gateway's call step imports them from the root. */
export { anthropicMessagesStyleOnlyEntries } from './anthropic-messages-style-only.js';
export { anthropicMessagesRequestBodyToIr } from './anthropic-messages-request-to-ir.js';
