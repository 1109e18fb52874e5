import type { IrUsage } from '@interlingua/ir';

const OPTIONAL = [
  'cacheReadTokens',
  'cacheWriteTokens',
  'cacheWrite1hTokens',
  'reasoningTokens',
  'webSearchRequests',
] as const;

/** The usage of several model calls as one: every count added (an optional count only when some call had it). */
export function sumUsage(total: IrUsage | undefined, next: IrUsage | undefined): IrUsage | undefined {
  if (!next) return total;
  if (!total) {
    const { raw: _raw, ...counts } = next;
    return counts;
  }
  const sum: IrUsage = {
    inputTokens: total.inputTokens + next.inputTokens,
    outputTokens: total.outputTokens + next.outputTokens,
    totalTokens: total.totalTokens + next.totalTokens,
  };
  for (const field of OPTIONAL) {
    if (total[field] === undefined && next[field] === undefined) continue;
    sum[field] = (total[field] ?? 0) + (next[field] ?? 0);
  }
  return sum;
}
