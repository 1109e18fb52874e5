import type { IrToolChoice } from '@interlingua/ir';

export type AnthropicToolChoiceType = 'auto' | 'any' | 'tool' | 'none';

/**
 * Wire `tool_choice.type` -> IR tool choice type.
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#forcing-tool-use
 */
export const ANTHROPIC_TOOL_CHOICE_TO_IR = {
  auto: 'auto',
  any: 'required',
  tool: 'tool',
  none: 'none',
} as const satisfies Record<AnthropicToolChoiceType, IrToolChoice['type']>;

/**
 * IR tool choice type -> wire `tool_choice.type`.
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#forcing-tool-use
 */
export const IR_TOOL_CHOICE_TO_ANTHROPIC = {
  auto: 'auto',
  required: 'any',
  tool: 'tool',
  none: 'none',
} as const satisfies Record<IrToolChoice['type'], AnthropicToolChoiceType>;
