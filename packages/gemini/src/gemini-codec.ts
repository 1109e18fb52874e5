import type { IrErrorData, IrRequest, IrResponse, Result, StreamEncoderOptions, StyleCodec } from '@interlingua/ir';
import { geminiErrorToIr } from './gemini-error-to-ir.js';
import type { GeminiRequest } from './gemini-request-schema.js';
import { geminiRequestToIr } from './gemini-request-to-ir.js';
import type { GeminiResponse } from './gemini-strict-response-schema.js';
import { geminiResponseToIr } from './gemini-response-to-ir.js';
import { createGeminiStreamDecoder } from './gemini-stream-decoder.js';
import { createGeminiStreamEncoder } from './gemini-stream-encoder.js';
import { irErrorToGemini } from './ir-to-gemini-error.js';
import { irToGeminiRequest } from './ir-to-gemini-request.js';
import { irToGeminiResponse } from './ir-to-gemini-response.js';

/**
 * The Gemini (`generateContent` v1beta) codec: requests, answers, SSE streams and errors to
 * and from the IR. The JSON-array stream form has its own helpers
 * (`createGeminiJsonArrayParser`, `createGeminiJsonArrayDecoder`, `geminiJsonArrayFraming`).
 */
export const geminiCodec = {
  id: 'gemini',
  request: {
    toIr: (wire: unknown): Result<IrRequest> => geminiRequestToIr(wire),
    fromIr: (ir: IrRequest): Result<GeminiRequest> => irToGeminiRequest(ir),
  },
  response: {
    toIr: (wire: unknown): Result<IrResponse> => geminiResponseToIr(wire),
    fromIr: (ir: IrResponse): Result<GeminiResponse> => irToGeminiResponse(ir),
  },
  stream: {
    createDecoder: createGeminiStreamDecoder,
    createEncoder: (options?: StreamEncoderOptions) => createGeminiStreamEncoder(options),
  },
  error: {
    toIr: (status: number, body: unknown): IrErrorData => geminiErrorToIr(status, body),
    fromIr: (error: IrErrorData): { status: number; body: unknown } => irErrorToGemini(error),
  },
} as const satisfies StyleCodec<GeminiRequest, GeminiResponse>;
