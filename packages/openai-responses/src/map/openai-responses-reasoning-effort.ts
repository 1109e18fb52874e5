import type { IrReasoningEffort } from '@interlingua/ir';

/**
 * Thinking budget (tokens) -> Responses `reasoning.effort`, used when the IR only has a budget
 * (Anthropic `budget_tokens`, Gemini `thinkingBudget`): the smallest effort whose ceiling fits.
 * @see https://platform.openai.com/docs/guides/reasoning#reasoning-effort
 */
export const OPENAI_RESPONSES_BUDGET_EFFORT: ReadonlyArray<{ maxBudget: number; effort: IrReasoningEffort }> = [
  { maxBudget: 1024, effort: 'minimal' },
  { maxBudget: 4096, effort: 'low' },
  { maxBudget: 16384, effort: 'medium' },
  { maxBudget: Number.POSITIVE_INFINITY, effort: 'high' },
];

/** The effort for a thinking budget. */
export function effortForBudget(budgetTokens: number): IrReasoningEffort {
  return OPENAI_RESPONSES_BUDGET_EFFORT.find((row) => budgetTokens <= row.maxBudget)?.effort ?? 'high';
}
