export { openAiResponsesCodec } from './openai-responses-codec.js';
export { openAiResponsesRequestToIr } from './openai-responses-request-to-ir.js';
export { irToOpenAiResponsesRequest } from './ir-to-openai-responses-request.js';
export { openAiResponsesResponseToIr } from './openai-responses-response-to-ir.js';
export { openAiResponsesResponseFromIr } from './ir-to-openai-responses-response.js';
export { openAiResponsesEchoFromRequest } from './openai-responses-echo.js';
export { createOpenAiResponsesStreamDecoder } from './openai-responses-stream-decoder.js';
export { createOpenAiResponsesStreamEncoder } from './openai-responses-stream-encoder.js';
export { openAiResponsesErrorToIr } from './openai-responses-error-to-ir.js';
export { irToOpenAiResponsesError, type OpenAiResponsesErrorBody } from './ir-to-openai-responses-error.js';
export { openAiResponsesUsageToIr } from './openai-responses-usage-to-ir.js';
export { irToOpenAiResponsesUsage } from './ir-to-openai-responses-usage.js';
export * from './openai-responses-model-list.js';
export * from './openai-responses-compaction.js';
export * from './openai-responses-request-schema.js';
export * from './openai-responses-response-schema.js';
export * from './openai-responses-mcp-schema.js';
export * from './openai-responses-strict-response-schema.js';
export * from './openai-responses-strict-stream-event-schema.js';
export {
  OPENAI_RESPONSES_STYLE,
  type OpenAiResponsesRequestExtensions,
  type OpenAiResponsesResponseExtensions,
  type OpenAiResponsesPassthroughItem,
  type OpenAiResponsesMessageItemFields,
  type OpenAiResponsesCompactionRef,
} from './openai-responses-extensions.js';
export * from './map/openai-responses-status.js';
export * from './map/openai-responses-error-kind.js';
export * from './map/openai-responses-tool-choice.js';
export * from './map/openai-responses-reasoning-effort.js';

/** Also in `./internal`, their home; kept here while the gateway's call step imports them from the root. */
export { openAiResponsesStyleOnlyEntries, type OpenAiResponsesStyleOnlyEntry } from './openai-responses-style-only.js';
