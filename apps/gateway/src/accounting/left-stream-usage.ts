import type { IrUsage } from '@interlingua/ir';
import type { CallOutcome } from '../context/generation-call.js';

/** Characters per token of the local estimate (as the count-tokens estimate). */
const CHARS_PER_TOKEN = 4;

/**
 * Settles the usage of a stream whose caller left before it ended: what the upstream reported,
 * completed by the gateway's estimate where it falls short (input tokens from the local estimate
 * of the request when none were reported, output tokens from the text already streamed), so
 * what was delivered is charged. Marks the outcome `usageEstimated` when the estimate was used.
 */
export function settleLeftStreamUsage(outcome: CallOutcome): void {
  const reported = outcome.usage;
  const streamedOutput = Math.ceil((outcome.countStreamedText?.() ?? 0) / CHARS_PER_TOKEN);
  const inputTokens =
    reported && reported.inputTokens > 0 ? reported.inputTokens : (outcome.estimateInputTokens?.() ?? 0);
  const outputTokens = Math.max(reported?.outputTokens ?? 0, streamedOutput);
  if (reported && inputTokens === reported.inputTokens && outputTokens === reported.outputTokens) return;
  if (!reported && inputTokens === 0 && outputTokens === 0) return;
  const usage: IrUsage = { ...reported, inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
  outcome.estimatedUsage(usage);
}
