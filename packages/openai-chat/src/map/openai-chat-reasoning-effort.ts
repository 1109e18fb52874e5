import type { IrReasoningEffort } from '@interlingua/ir';

/** The `reasoning_effort` values chat accepts (model-dependent subset). */
export const OPENAI_CHAT_REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;

export type OpenAiChatReasoningEffort = (typeof OPENAI_CHAT_REASONING_EFFORTS)[number];

/**
 * Chat effort -> IR effort: the same words.
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat_create-reasoning_effort
 */
export const OPENAI_CHAT_REASONING_EFFORT_TO_IR = {
  none: 'none',
  minimal: 'minimal',
  low: 'low',
  medium: 'medium',
  high: 'high',
  xhigh: 'xhigh',
  max: 'max',
} as const satisfies Record<OpenAiChatReasoningEffort, IrReasoningEffort>;

/**
 * A thinking budget (tokens) -> the nearest chat effort, for IR requests that only carry a budget
 * (Anthropic `thinking.budget_tokens`, Gemini `thinkingBudget`). Upper bounds, first match wins;
 * only efforts every reasoning model accepts (`low`/`medium`/`high`) are used above zero.
 * @see https://platform.openai.com/docs/guides/reasoning
 */
export const OPENAI_CHAT_BUDGET_TO_EFFORT: ReadonlyArray<
  readonly [maxBudget: number, effort: OpenAiChatReasoningEffort]
> = [
  [0, 'none'],
  [2048, 'low'],
  [8192, 'medium'],
  [Number.POSITIVE_INFINITY, 'high'],
];

/** The chat effort for a thinking budget. */
export function reasoningBudgetToOpenAiChatEffort(budgetTokens: number): OpenAiChatReasoningEffort {
  for (const [maxBudget, effort] of OPENAI_CHAT_BUDGET_TO_EFFORT) if (budgetTokens <= maxBudget) return effort;
  return 'high';
}
