import type { IrReasoningConfig, IrWarning } from '@interlingua/ir';
import type { AnthropicRequestExtension } from './anthropic-messages-extension.js';
import {
  ANTHROPIC_MIN_THINKING_BUDGET,
  IR_EFFORT_TO_ANTHROPIC_BUDGET,
  isAnthropicOutputEffort,
  type AnthropicOutputEffort,
} from './map/anthropic-thinking-budget.js';

/** `thinking`, `output_config.effort` and the (possibly raised) `max_tokens` of a request. */
export interface AnthropicThinkingPlan {
  thinking?: Record<string, unknown>;
  effort?: AnthropicOutputEffort;
  maxTokens: number;
}

const KNOWN_TYPES = new Set(['enabled', 'disabled', 'adaptive']);

function isOff(reasoning: IrReasoningConfig): boolean {
  return reasoning.enabled === false || reasoning.effort === 'none' || reasoning.budgetTokens === 0;
}

/** The budget to send, or undefined when the IR asks for no thinking budget. */
function budgetOf(reasoning: IrReasoningConfig, effortCarried: boolean, warnings: IrWarning[]): number | undefined {
  if (reasoning.budgetTokens !== undefined) return reasoning.budgetTokens;
  if (reasoning.effort !== undefined && !effortCarried) return IR_EFFORT_TO_ANTHROPIC_BUDGET[reasoning.effort];
  if (reasoning.enabled === true && !effortCarried) {
    warnings.push({
      kind: 'approximated',
      field: 'reasoning',
      message: `reasoning enabled without a budget; thinking.budget_tokens set to ${IR_EFFORT_TO_ANTHROPIC_BUDGET.medium}`,
    });
    return IR_EFFORT_TO_ANTHROPIC_BUDGET.medium;
  }
  return undefined;
}

/** Budget at least 1024 and below `max_tokens` (raising `max_tokens` by the budget when needed). */
function fitBudget(budget: number, maxTokens: number, warnings: IrWarning[]): { budget: number; maxTokens: number } {
  let fitted = budget;
  if (fitted < ANTHROPIC_MIN_THINKING_BUDGET) {
    warnings.push({
      kind: 'approximated',
      field: 'reasoning.budgetTokens',
      message: `thinking budget ${budget} raised to the minimum of ${ANTHROPIC_MIN_THINKING_BUDGET}`,
    });
    fitted = ANTHROPIC_MIN_THINKING_BUDGET;
  }
  if (fitted < maxTokens) return { budget: fitted, maxTokens };
  warnings.push({
    kind: 'approximated',
    field: 'maxOutputTokens',
    message: `max_tokens raised from ${maxTokens} to ${fitted + maxTokens} to stay above thinking.budget_tokens ${fitted}`,
  });
  return { budget: fitted, maxTokens: fitted + maxTokens };
}

/**
 * IR reasoning -> `thinking` (+ `output_config.effort`). Off (`enabled: false`, effort `none`,
 * budget 0) omits `thinking`. A budget is sent as `{type:'enabled', budget_tokens}`; an effort
 * alone becomes a budget by `IR_EFFORT_TO_ANTHROPIC_BUDGET`. The `thinking` and effort the
 * request came with (extensions) are reused while the IR still says the same, so adaptive
 * thinking and `display` survive an Anthropic round trip.
 */
export function irReasoningToAnthropic(
  reasoning: IrReasoningConfig | undefined,
  extension: AnthropicRequestExtension,
  maxTokens: number,
  warnings: IrWarning[],
): AnthropicThinkingPlan {
  const stored = extension.thinking;
  const storedType = typeof stored?.type === 'string' ? stored.type : undefined;
  if (!reasoning) return { thinking: storedType && !KNOWN_TYPES.has(storedType) ? stored : undefined, maxTokens };
  if (isOff(reasoning)) return { thinking: storedType === 'disabled' ? stored : undefined, maxTokens };
  const effortCarried = isAnthropicOutputEffort(reasoning.effort) && extension.outputEffort === reasoning.effort;
  const effort = effortCarried && isAnthropicOutputEffort(reasoning.effort) ? reasoning.effort : undefined;
  if (storedType && storedType !== 'enabled' && storedType !== 'disabled' && reasoning.budgetTokens === undefined) {
    return { thinking: stored, effort, maxTokens };
  }
  const budget = budgetOf(reasoning, effortCarried, warnings);
  if (budget === undefined) return { effort, maxTokens };
  const fitted = fitBudget(budget, maxTokens, warnings);
  const display = storedType === 'enabled' && stored?.budget_tokens === budget ? stored.display : undefined;
  const thinking: Record<string, unknown> = { type: 'enabled', budget_tokens: fitted.budget };
  if (display !== undefined && display !== null) thinking.display = display;
  return { thinking, effort, maxTokens: fitted.maxTokens };
}
