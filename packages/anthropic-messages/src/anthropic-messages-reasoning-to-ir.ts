import type { IrReasoningConfig, IrReasoningEffort, IrResponseFormat } from '@interlingua/ir';
import type { AnthropicOutputConfig, AnthropicThinkingConfig } from './anthropic-messages-request-schema.js';
import { anthropicBudgetToEffort, isAnthropicOutputEffort } from './map/anthropic-thinking-budget.js';

/** The IR reasoning of `thinking` + `output_config.effort`. */
export function anthropicReasoningToIr(
  thinking: AnthropicThinkingConfig | undefined,
  outputConfig: AnthropicOutputConfig | undefined,
): IrReasoningConfig | undefined {
  const effort: IrReasoningEffort | undefined = isAnthropicOutputEffort(outputConfig?.effort)
    ? outputConfig.effort
    : undefined;
  const withEffort = (config: IrReasoningConfig): IrReasoningConfig => (effort ? { ...config, effort } : config);
  switch (thinking?.type) {
    case undefined:
      return effort ? { effort } : undefined;
    case 'enabled': {
      const budgetTokens = typeof thinking.budget_tokens === 'number' ? thinking.budget_tokens : 0;
      return { enabled: true, budgetTokens, effort: effort ?? anthropicBudgetToEffort(budgetTokens) };
    }
    case 'disabled':
      return { enabled: false };
    case 'adaptive':
    case 'between_tools':
      return withEffort({ enabled: true });
    default:
      return effort ? { effort } : undefined;
  }
}

/** Default name for a schema that came without one (Anthropic structured outputs have no name). */
export const ANTHROPIC_RESPONSE_FORMAT_NAME = 'response';

/** `output_config.format` (or the legacy `output_format`) -> IR response format. */
export function anthropicResponseFormatToIr(
  format: { type: 'json_schema'; schema: Record<string, unknown> } | null | undefined,
): IrResponseFormat | undefined {
  if (!format) return undefined;
  return { type: 'json-schema', name: ANTHROPIC_RESPONSE_FORMAT_NAME, schema: format.schema };
}
