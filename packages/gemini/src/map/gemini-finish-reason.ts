import type { IrFinishReason, IrFinishReasonValue } from '@interlingua/ir';

/**
 * Every `finishReason` the Gemini API documents (`@google/genai` `FinishReason`).
 *
 * @see https://ai.google.dev/api/generate-content#FinishReason
 */
export const GEMINI_FINISH_REASONS = [
  'FINISH_REASON_UNSPECIFIED',
  'STOP',
  'MAX_TOKENS',
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'OTHER',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'MALFORMED_FUNCTION_CALL',
  'IMAGE_SAFETY',
  'UNEXPECTED_TOOL_CALL',
  'TOO_MANY_TOOL_CALLS',
  'IMAGE_PROHIBITED_CONTENT',
  'NO_IMAGE',
  'IMAGE_RECITATION',
  'IMAGE_OTHER',
  'CONTINUATION',
] as const;

export type GeminiFinishReason = (typeof GEMINI_FINISH_REASONS)[number];

/**
 * Gemini finish reason -> unified value. A function call ends with `STOP` (Gemini has no
 * tool-call reason): the converters turn `STOP` into `tool-calls` when the candidate holds a
 * function call. Safety-style stops are `content-filter`; invalid tool calls are `error`.
 *
 * @see https://ai.google.dev/api/generate-content#FinishReason
 */
export const GEMINI_FINISH_REASON_TO_IR = {
  FINISH_REASON_UNSPECIFIED: 'other',
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content-filter',
  RECITATION: 'content-filter',
  LANGUAGE: 'other',
  OTHER: 'other',
  BLOCKLIST: 'content-filter',
  PROHIBITED_CONTENT: 'content-filter',
  SPII: 'content-filter',
  MALFORMED_FUNCTION_CALL: 'error',
  IMAGE_SAFETY: 'content-filter',
  UNEXPECTED_TOOL_CALL: 'error',
  TOO_MANY_TOOL_CALLS: 'error',
  IMAGE_PROHIBITED_CONTENT: 'content-filter',
  NO_IMAGE: 'other',
  IMAGE_RECITATION: 'content-filter',
  IMAGE_OTHER: 'other',
  CONTINUATION: 'length',
} as const satisfies Record<GeminiFinishReason, IrFinishReasonValue>;

/**
 * Unified value -> Gemini finish reason, for answering Gemini clients.
 *
 * @see https://ai.google.dev/api/generate-content#FinishReason
 */
export const IR_FINISH_REASON_TO_GEMINI = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  'tool-calls': 'STOP',
  'content-filter': 'SAFETY',
  refusal: 'SAFETY',
  pause: 'OTHER',
  error: 'OTHER',
  other: 'OTHER',
} as const satisfies Record<IrFinishReasonValue, GeminiFinishReason>;

export function isGeminiFinishReason(value: unknown): value is GeminiFinishReason {
  return typeof value === 'string' && Object.hasOwn(GEMINI_FINISH_REASON_TO_IR, value);
}

/** The IR finish reason for a raw Gemini value; `STOP` with function calls becomes `tool-calls`. */
export function geminiFinishReasonToIr(raw: string, hasFunctionCalls: boolean): IrFinishReason {
  const unified: IrFinishReasonValue = isGeminiFinishReason(raw) ? GEMINI_FINISH_REASON_TO_IR[raw] : 'other';
  return { unified: unified === 'stop' && hasFunctionCalls ? 'tool-calls' : unified, raw };
}

/** The Gemini finish reason for an IR one: the raw value when it is a Gemini value that agrees, else the table's. */
export function irFinishReasonToGemini(finishReason: IrFinishReason): GeminiFinishReason {
  const { raw, unified } = finishReason;
  if (isGeminiFinishReason(raw)) {
    const fromRaw = GEMINI_FINISH_REASON_TO_IR[raw];
    if (fromRaw === unified || (unified === 'tool-calls' && raw === 'STOP')) return raw;
  }
  return IR_FINISH_REASON_TO_GEMINI[unified];
}
