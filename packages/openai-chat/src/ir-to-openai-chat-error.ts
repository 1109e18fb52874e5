import type { IrErrorData } from '@interlingua/ir';
import { errorKindForSentStatus, errorStatus } from '@interlingua/ir';
import { IR_ERROR_KIND_TO_OPENAI_CHAT } from './map/openai-chat-error-kind.js';
import type { OpenAiChatErrorBody } from './openai-chat-strict-schema.js';

/**
 * IR error -> an OpenAI error body with all four keys, and the HTTP status to send
 * (`errorStatus`, except that Anthropic's 529 overload becomes 503: OpenAI clients know no 529).
 * `type` follows OpenAI's real values for the status sent; an upstream `code`/`param` is kept.
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export function irErrorToOpenAiChat(error: IrErrorData): { status: number; body: OpenAiChatErrorBody } {
  const status = errorStatus(error) === 529 ? 503 : errorStatus(error);
  const mapped = IR_ERROR_KIND_TO_OPENAI_CHAT[errorKindForSentStatus(error, status)];
  let code: string | null = error.code ?? IR_ERROR_KIND_TO_OPENAI_CHAT[error.kind].code;
  if (error.kind === 'not-found' && code === null && /\bmodel\b/i.test(error.message)) code = 'model_not_found';
  return {
    status,
    body: { error: { message: error.message, type: mapped.type, param: error.param ?? null, code } },
  };
}
