import type { IrFinishReasonValue } from '@interlingua/ir';

/**
 * `promptFeedback.blockReason` values: the prompt was refused before generation (no candidates).
 *
 * @see https://ai.google.dev/api/generate-content#BlockReason
 */
export const GEMINI_BLOCK_REASONS = [
  'BLOCKED_REASON_UNSPECIFIED',
  'SAFETY',
  'OTHER',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'IMAGE_SAFETY',
  'MODEL_ARMOR',
  'JAILBREAK',
] as const;

export type GeminiBlockReason = (typeof GEMINI_BLOCK_REASONS)[number];

/**
 * Every block reason ends the answer as filtered content.
 *
 * @see https://ai.google.dev/api/generate-content#BlockReason
 */
export const GEMINI_BLOCK_REASON_TO_IR = {
  BLOCKED_REASON_UNSPECIFIED: 'content-filter',
  SAFETY: 'content-filter',
  OTHER: 'content-filter',
  BLOCKLIST: 'content-filter',
  PROHIBITED_CONTENT: 'content-filter',
  IMAGE_SAFETY: 'content-filter',
  MODEL_ARMOR: 'content-filter',
  JAILBREAK: 'content-filter',
} as const satisfies Record<GeminiBlockReason, IrFinishReasonValue>;
