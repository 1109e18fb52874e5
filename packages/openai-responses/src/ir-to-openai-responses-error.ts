import type { IrErrorData } from '@interlingua/ir';
import { errorKindForSentStatus, errorStatus } from '@interlingua/ir';
import { IR_KIND_OPENAI_ERROR } from './map/openai-responses-error-kind.js';

/** The OpenAI error envelope. */
export interface OpenAiResponsesErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/**
 * IR error -> `{status, body}` in the OpenAI error shape (all four keys present, as the spec
 * requires), `type` agreeing with the status sent. Anthropic's 529 overload becomes 503: OpenAI clients know no 529.
 */
export function irToOpenAiResponsesError(error: IrErrorData): { status: number; body: OpenAiResponsesErrorBody } {
  const status = errorStatus(error) === 529 ? 503 : errorStatus(error);
  const type = IR_KIND_OPENAI_ERROR[errorKindForSentStatus(error, status)].type;
  return {
    status,
    body: {
      error: {
        message: error.message,
        type,
        param: error.param ?? null,
        code: error.code ?? IR_KIND_OPENAI_ERROR[error.kind].code,
      },
    },
  };
}
