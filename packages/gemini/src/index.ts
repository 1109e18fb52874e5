export { geminiCodec } from './gemini-codec.js';

export * from './gemini-request-schema.js';
export * from './gemini-response-schema.js';
export * from './gemini-strict-response-schema.js';
export * from './gemini-error-schema.js';
export type { GeminiRequestExtensions, GeminiResponseExtensions } from './gemini-extensions.js';

export { geminiRequestToIr } from './gemini-request-to-ir.js';
export { irToGeminiRequest } from './ir-to-gemini-request.js';
export { geminiResponseToIr } from './gemini-response-to-ir.js';
export { irToGeminiResponse } from './ir-to-gemini-response.js';
export { geminiUsageToIr } from './gemini-usage-to-ir.js';
export { irUsageToGemini } from './ir-to-gemini-usage.js';
export { geminiErrorToIr } from './gemini-error-to-ir.js';
export { irErrorToGemini } from './ir-to-gemini-error.js';

export type { GeminiChunkDecoder } from './gemini-stream-decoder.js';
export { createGeminiChunkDecoder, createGeminiStreamDecoder } from './gemini-stream-decoder.js';
export { createGeminiStreamEncoder } from './gemini-stream-encoder.js';
export {
  createGeminiJsonArrayParser,
  createGeminiJsonArrayDecoder,
  geminiJsonArrayFraming,
} from './gemini-json-array-parser.js';

export type { GeminiModel, GeminiModelDetails, GeminiModelList, GeminiModelListOptions } from './gemini-model-list.js';
export { geminiModel, geminiModelList, GEMINI_METHODS_BY_CAPABILITY } from './gemini-model-list.js';
export * from './gemini-count-tokens.js';

export * from './map/gemini-finish-reason.js';
export * from './map/gemini-block-reason.js';
export * from './map/gemini-rpc-status.js';
export * from './map/gemini-function-calling-mode.js';
export * from './map/gemini-thinking.js';

/** Also in `./internal`, their home; kept here while the gateway's call step imports them from the root. */
export { geminiStyleOnlyEntries } from './gemini-style-only.js';
