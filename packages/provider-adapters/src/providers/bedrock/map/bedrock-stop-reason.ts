import type { IrFinishReason, IrFinishReasonValue } from '@interlingua/ir';
import { BEDROCK_STOP_REASONS, type BedrockStopReason } from '../bedrock-converse-schema.js';

/**
 * Converse `stopReason` -> unified finish reason.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_ResponseSyntax
 */
export const BEDROCK_STOP_REASON_TO_IR = {
  end_turn: 'stop',
  tool_use: 'tool-calls',
  max_tokens: 'length',
  stop_sequence: 'stop',
  guardrail_intervened: 'content-filter',
  content_filtered: 'content-filter',
  malformed_model_output: 'error',
  malformed_tool_use: 'error',
  model_context_window_exceeded: 'length',
} as const satisfies Record<BedrockStopReason, IrFinishReasonValue>;

/**
 * Unified finish reason -> Converse `stopReason`, for answers that came from another style.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_ResponseSyntax
 */
export const IR_FINISH_REASON_TO_BEDROCK = {
  stop: 'end_turn',
  length: 'max_tokens',
  'tool-calls': 'tool_use',
  'content-filter': 'content_filtered',
  refusal: 'content_filtered',
  pause: 'end_turn',
  error: 'malformed_model_output',
  other: 'end_turn',
} as const satisfies Record<IrFinishReasonValue, BedrockStopReason>;

export function isBedrockStopReason(value: unknown): value is BedrockStopReason {
  return typeof value === 'string' && (BEDROCK_STOP_REASONS as readonly string[]).includes(value);
}

/** The unified and raw finish reason of a `stopReason` (unknown values become `other`). */
export function bedrockStopReasonToIr(stopReason: string | undefined): IrFinishReason {
  if (stopReason === undefined) return { unified: 'other', raw: null };
  return {
    unified: isBedrockStopReason(stopReason) ? BEDROCK_STOP_REASON_TO_IR[stopReason] : 'other',
    raw: stopReason,
  };
}

/** The `stopReason` for a finish reason: the raw value when it still means the same, the table's otherwise. */
export function irFinishReasonToBedrock(finishReason: IrFinishReason): BedrockStopReason {
  const { unified, raw } = finishReason;
  if (isBedrockStopReason(raw) && BEDROCK_STOP_REASON_TO_IR[raw] === unified) return raw;
  return IR_FINISH_REASON_TO_BEDROCK[unified];
}
