import type { StyleCodec } from '@interlingua/ir';
import { irToOpenAiResponsesError } from './ir-to-openai-responses-error.js';
import { irToOpenAiResponsesRequest } from './ir-to-openai-responses-request.js';
import { openAiResponsesResponseFromIr } from './ir-to-openai-responses-response.js';
import { openAiResponsesErrorToIr } from './openai-responses-error-to-ir.js';
import { OPENAI_RESPONSES_STYLE } from './openai-responses-extensions.js';
import type { OpenAiResponsesRequest } from './openai-responses-request-schema.js';
import { openAiResponsesRequestToIr } from './openai-responses-request-to-ir.js';
import { openAiResponsesResponseToIr } from './openai-responses-response-to-ir.js';
import { createOpenAiResponsesStreamDecoder } from './openai-responses-stream-decoder.js';
import { createOpenAiResponsesStreamEncoder } from './openai-responses-stream-encoder.js';
import type { OpenAiResponsesResponse } from './openai-responses-strict-response-schema.js';

/**
 * The OpenAI Responses style (`POST /v1/responses`): requests, answers, SSE streams and errors
 * to and from the IR.
 */
export const openAiResponsesCodec: StyleCodec<OpenAiResponsesRequest, OpenAiResponsesResponse> = {
  id: OPENAI_RESPONSES_STYLE,
  request: { toIr: openAiResponsesRequestToIr, fromIr: irToOpenAiResponsesRequest },
  response: { toIr: openAiResponsesResponseToIr, fromIr: (ir) => openAiResponsesResponseFromIr(ir) },
  stream: {
    createDecoder: createOpenAiResponsesStreamDecoder,
    createEncoder: (options) => createOpenAiResponsesStreamEncoder(options),
  },
  error: { toIr: openAiResponsesErrorToIr, fromIr: irToOpenAiResponsesError },
};
