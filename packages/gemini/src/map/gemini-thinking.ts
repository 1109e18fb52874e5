import type { IrReasoningEffort } from '@interlingua/ir';

/**
 * Reasoning effort -> `thinkingConfig.thinkingBudget` (Gemini 2.5 family). low/medium/high follow
 * Google's own OpenAI-compatibility table; the ends are capped at 24576, the largest budget every
 * 2.5 model accepts (2.5 Pro goes to 32768, Flash stops at 24576).
 *
 * @see https://ai.google.dev/gemini-api/docs/openai#thinking
 * @see https://ai.google.dev/gemini-api/docs/thinking#set-budget
 */
export const IR_EFFORT_TO_GEMINI_BUDGET = {
  none: 0,
  minimal: 512,
  low: 1024,
  medium: 8192,
  high: 24576,
  xhigh: 24576,
  max: 24576,
} as const satisfies Record<IrReasoningEffort, number>;

/**
 * `thinkingBudget` -> effort, by the upper bound of each bucket (inclusive). `0` is `none`; the
 * dynamic budget `-1` has no effort.
 *
 * @see https://ai.google.dev/gemini-api/docs/thinking#set-budget
 */
export const GEMINI_BUDGET_EFFORT_BUCKETS: ReadonlyArray<readonly [number, IrReasoningEffort]> = [
  [0, 'none'],
  [512, 'minimal'],
  [1024, 'low'],
  [8192, 'medium'],
  [Number.POSITIVE_INFINITY, 'high'],
];

export const GEMINI_THINKING_LEVELS = ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type GeminiThinkingLevel = (typeof GEMINI_THINKING_LEVELS)[number];

/**
 * `thinkingConfig.thinkingLevel` (Gemini 3) -> effort.
 *
 * @see https://ai.google.dev/gemini-api/docs/thinking#thinking-levels
 */
export const GEMINI_THINKING_LEVEL_TO_IR_EFFORT = {
  MINIMAL: 'minimal',
  LOW: 'low',
  MEDIUM: 'medium',
  HIGH: 'high',
} as const satisfies Record<GeminiThinkingLevel, IrReasoningEffort>;

/**
 * Effort -> `thinkingLevel`. Gemini 3 cannot switch thinking off: `none` is sent as `MINIMAL`
 * (with an `approximated` warning); `xhigh`/`max` are `HIGH`.
 *
 * @see https://ai.google.dev/gemini-api/docs/thinking#thinking-levels
 */
export const IR_EFFORT_TO_GEMINI_THINKING_LEVEL = {
  none: 'MINIMAL',
  minimal: 'MINIMAL',
  low: 'LOW',
  medium: 'MEDIUM',
  high: 'HIGH',
  xhigh: 'HIGH',
  max: 'HIGH',
} as const satisfies Record<IrReasoningEffort, GeminiThinkingLevel>;

/** The effort bucket of a non-negative thinking budget. */
export function geminiBudgetToEffort(budget: number): IrReasoningEffort | undefined {
  if (budget < 0) return undefined;
  for (const [limit, effort] of GEMINI_BUDGET_EFFORT_BUCKETS) if (budget <= limit) return effort;
  return 'high';
}

export function toGeminiThinkingLevel(value: string): GeminiThinkingLevel | undefined {
  const upper = value.toUpperCase();
  return Object.hasOwn(GEMINI_THINKING_LEVEL_TO_IR_EFFORT, upper) ? (upper as GeminiThinkingLevel) : undefined;
}

/** Gemini 3 and later choose thinking by `thinkingLevel`; earlier models by `thinkingBudget`. */
export function usesGeminiThinkingLevel(model: string): boolean {
  const match = /gemini-(\d+)/i.exec(model);
  return match?.[1] !== undefined && Number(match[1]) >= 3;
}
