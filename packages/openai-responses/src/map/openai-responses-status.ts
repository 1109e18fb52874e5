import type { IrFinishReason, IrFinishReasonValue } from '@interlingua/ir';

/**
 * Response `status` values.
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-status
 */
export type OpenAiResponsesStatus = 'completed' | 'failed' | 'in_progress' | 'cancelled' | 'queued' | 'incomplete';

/**
 * `incomplete_details.reason` values.
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-incomplete_details
 */
export type OpenAiResponsesIncompleteReason = 'max_output_tokens' | 'content_filter';

/**
 * Status -> unified finish reason (`completed` becomes `tool-calls` when the output holds function calls).
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-status
 */
export const OPENAI_RESPONSES_STATUS_FINISH = {
  completed: 'stop',
  incomplete: 'length',
  failed: 'error',
  cancelled: 'other',
  in_progress: 'other',
  queued: 'other',
} as const satisfies Record<OpenAiResponsesStatus, IrFinishReasonValue>;

/**
 * Incomplete reason -> unified finish reason.
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-incomplete_details
 */
export const OPENAI_RESPONSES_INCOMPLETE_FINISH = {
  max_output_tokens: 'length',
  content_filter: 'content-filter',
} as const satisfies Record<OpenAiResponsesIncompleteReason, IrFinishReasonValue>;

/** A terminal status and, for `incomplete`, its reason. */
export interface OpenAiResponsesTerminalStatus {
  status: 'completed' | 'incomplete' | 'failed';
  reason?: OpenAiResponsesIncompleteReason;
}

/**
 * Unified finish reason -> terminal status of a response we emit.
 * @see https://platform.openai.com/docs/api-reference/responses-streaming/response/incomplete
 */
export const IR_FINISH_RESPONSES_STATUS = {
  stop: { status: 'completed' },
  'tool-calls': { status: 'completed' },
  length: { status: 'incomplete', reason: 'max_output_tokens' },
  'content-filter': { status: 'incomplete', reason: 'content_filter' },
  // A refusal (Anthropic's `stop_reason: refusal`) must not pass for an empty answer.
  refusal: { status: 'incomplete', reason: 'content_filter' },
  pause: { status: 'completed' },
  error: { status: 'failed' },
  other: { status: 'completed' },
} as const satisfies Record<IrFinishReasonValue, OpenAiResponsesTerminalStatus>;

function isKey<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.prototype.hasOwnProperty.call(table, key);
}

/**
 * The finish reason of a response: raw is the status, or for `incomplete` the reason
 * (`max_output_tokens`, `content_filter`, or `incomplete` when none is given).
 */
export function openAiResponsesFinishReason(
  status: string | null | undefined,
  incompleteReason: string | null | undefined,
  hasFunctionCalls: boolean,
): IrFinishReason {
  if (status === 'incomplete') {
    const reason = incompleteReason ?? null;
    if (reason && isKey(OPENAI_RESPONSES_INCOMPLETE_FINISH, reason))
      return { unified: OPENAI_RESPONSES_INCOMPLETE_FINISH[reason], raw: reason };
    return { unified: reason ? 'other' : 'length', raw: reason ?? 'incomplete' };
  }
  if (!status) return { unified: hasFunctionCalls ? 'tool-calls' : 'stop', raw: null };
  if (!isKey(OPENAI_RESPONSES_STATUS_FINISH, status)) return { unified: 'other', raw: status };
  const unified = OPENAI_RESPONSES_STATUS_FINISH[status];
  return { unified: unified === 'stop' && hasFunctionCalls ? 'tool-calls' : unified, raw: status };
}
