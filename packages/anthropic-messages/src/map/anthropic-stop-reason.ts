import type { IrFinishReason, IrFinishReasonValue } from '@interlingua/ir';

/**
 * Wire stop reason -> unified finish reason.
 * @see https://docs.anthropic.com/en/api/handling-stop-reasons
 */
export const ANTHROPIC_STOP_REASON_TO_IR = {
  end_turn: 'stop',
  max_tokens: 'length',
  stop_sequence: 'stop',
  tool_use: 'tool-calls',
  pause_turn: 'pause',
  refusal: 'refusal',
  model_context_window_exceeded: 'length',
} as const satisfies Record<string, IrFinishReasonValue>;

/** The `stop_reason` values of Anthropic answers (`StopReason` in `@anthropic-ai/sdk`). */
export type AnthropicStopReason = keyof typeof ANTHROPIC_STOP_REASON_TO_IR;

/** The `stop_reason` values, in the order of the table above. */
export const ANTHROPIC_STOP_REASONS = /* @__PURE__ */ Object.keys(
  ANTHROPIC_STOP_REASON_TO_IR,
) as readonly AnthropicStopReason[];

/**
 * Unified finish reason -> wire stop reason, for answers that came from another style.
 * `error` and `other` have no Anthropic value: `end_turn` is the honest closest one.
 * @see https://docs.anthropic.com/en/api/handling-stop-reasons
 */
export const IR_FINISH_REASON_TO_ANTHROPIC = {
  stop: 'end_turn',
  length: 'max_tokens',
  'tool-calls': 'tool_use',
  'content-filter': 'refusal',
  refusal: 'refusal',
  pause: 'pause_turn',
  error: 'end_turn',
  other: 'end_turn',
} as const satisfies Record<IrFinishReasonValue, AnthropicStopReason>;

export function isAnthropicStopReason(value: unknown): value is AnthropicStopReason {
  return typeof value === 'string' && Object.hasOwn(ANTHROPIC_STOP_REASON_TO_IR, value);
}

/** The unified and raw finish reason of a wire `stop_reason` (unknown values become `other`). */
export function anthropicStopReasonToIr(stopReason: string | null | undefined): IrFinishReason {
  if (stopReason === null || stopReason === undefined) return { unified: 'other', raw: null };
  return {
    unified: isAnthropicStopReason(stopReason) ? ANTHROPIC_STOP_REASON_TO_IR[stopReason] : 'other',
    raw: stopReason,
  };
}

/**
 * The wire `stop_reason` for a finish reason: the raw value when it is an Anthropic stop reason
 * that still means the same thing, the table's value otherwise. A `stop` with tool calls in the
 * answer becomes `tool_use` (some upstreams say `STOP` when they call tools).
 */
export function irFinishReasonToAnthropic(finishReason: IrFinishReason, hasToolCalls = false): AnthropicStopReason {
  const { unified, raw } = finishReason;
  if (isAnthropicStopReason(raw) && ANTHROPIC_STOP_REASON_TO_IR[raw] === unified) return raw;
  if (unified === 'stop' && hasToolCalls) return 'tool_use';
  return IR_FINISH_REASON_TO_ANTHROPIC[unified];
}
