import type { IrToolChoice } from '@interlingua/ir';

/** The string forms of Responses `tool_choice`. */
export type OpenAiResponsesToolChoiceMode = 'none' | 'auto' | 'required';

/**
 * String `tool_choice` -> IR tool choice type (an object `{type:'function', name}` maps to `tool`).
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses_create-tool_choice
 */
export const OPENAI_RESPONSES_TOOL_CHOICE_MODE = {
  none: 'none',
  auto: 'auto',
  required: 'required',
} as const satisfies Record<OpenAiResponsesToolChoiceMode, Exclude<IrToolChoice['type'], 'tool'>>;
