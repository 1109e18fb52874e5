import type { IrToolChoice } from '@interlingua/ir';
import type { GeminiFunctionCallingMode } from '../gemini-request-schema.js';

/**
 * `toolConfig.functionCallingConfig.mode` -> IR tool choice. `ANY` with exactly one allowed
 * function becomes `{type:'tool'}` (handled by the converter). `VALIDATED` (calls or text, with
 * schema adherence) has no IR value: it is read as `auto` and kept in extensions.
 * `MODE_UNSPECIFIED` means "not set".
 *
 * @see https://ai.google.dev/api/caching#FunctionCallingConfig
 */
export const GEMINI_MODE_TO_IR_TOOL_CHOICE = {
  MODE_UNSPECIFIED: undefined,
  AUTO: 'auto',
  ANY: 'required',
  NONE: 'none',
  VALIDATED: 'auto',
} as const satisfies Record<GeminiFunctionCallingMode, 'auto' | 'required' | 'none' | undefined>;

/**
 * IR tool choice -> mode. `tool` is `ANY` plus `allowedFunctionNames: [name]`.
 *
 * @see https://ai.google.dev/gemini-api/docs/function-calling#function_calling_modes
 */
export const IR_TOOL_CHOICE_TO_GEMINI_MODE = {
  auto: 'AUTO',
  none: 'NONE',
  required: 'ANY',
  tool: 'ANY',
} as const satisfies Record<IrToolChoice['type'], GeminiFunctionCallingMode>;
