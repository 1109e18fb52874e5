import type { IrErrorData } from '@interlingua/ir';
import { errorStatus } from '@interlingua/ir';
import { IR_KIND_OPENAI_ERROR } from './map/openai-responses-error-kind.js';

/** The OpenAI error envelope. */
export interface OpenAiResponsesErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/**
 * IR error -> `{status, body}` in the OpenAI error shape (all four keys present, as the spec
 * requires). Anthropic's 529 overload becomes 503: OpenAI clients know no 529.
 */
export function irToOpenAiResponsesError(error: IrErrorData): { status: number; body: OpenAiResponsesErrorBody } {
  const row = IR_KIND_OPENAI_ERROR[error.kind];
  return {
    status: errorStatus(error) === 529 ? 503 : errorStatus(error),
    body: { error: { message: error.message, type: row.type, param: error.param ?? null, code: error.code ?? row.code } },
  };
}
