import type { IrReasoningEffort } from '@interlingua/ir';

/** The smallest `thinking.budget_tokens` the API accepts. */
export const ANTHROPIC_MIN_THINKING_BUDGET = 1024;

/**
 * Reasoning effort -> `thinking.budget_tokens`, for callers that only gave an effort.
 * `none` means no thinking at all (the encoder omits `thinking`).
 * @see https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking
 */
export const IR_EFFORT_TO_ANTHROPIC_BUDGET = {
  none: 0,
  minimal: 1024,
  low: 1024,
  medium: 4096,
  high: 16384,
  xhigh: 32768,
  max: 32768,
} as const satisfies Record<IrReasoningEffort, number>;

/**
 * `thinking.budget_tokens` -> reasoning effort: the smallest effort whose budget covers it.
 * Budgets above the `high` budget read as `xhigh`.
 * @see https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking
 */
export function anthropicBudgetToEffort(budgetTokens: number): IrReasoningEffort {
  if (budgetTokens <= 0) return 'none';
  if (budgetTokens <= IR_EFFORT_TO_ANTHROPIC_BUDGET.low) return 'low';
  if (budgetTokens <= IR_EFFORT_TO_ANTHROPIC_BUDGET.medium) return 'medium';
  if (budgetTokens <= IR_EFFORT_TO_ANTHROPIC_BUDGET.high) return 'high';
  return 'xhigh';
}

/** `output_config.effort` values. */
export const ANTHROPIC_OUTPUT_EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;

export type AnthropicOutputEffort = (typeof ANTHROPIC_OUTPUT_EFFORTS)[number];

export function isAnthropicOutputEffort(value: unknown): value is AnthropicOutputEffort {
  return typeof value === 'string' && (ANTHROPIC_OUTPUT_EFFORTS as readonly string[]).includes(value);
}
