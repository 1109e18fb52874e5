/**
 * Token usage, unified across styles.
 *
 * Invariants (checked by `checkUsageInvariants` in tests):
 * - `inputTokens` includes `cacheReadTokens` and `cacheWriteTokens` (Anthropic reports them
 *   apart; decoders add them in).
 * - `outputTokens` includes `reasoningTokens` (Gemini reports thoughts apart; decoders add them in).
 * - `totalTokens` = `inputTokens` + `outputTokens`.
 * - every count is a non-negative integer.
 */
export interface IrUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Input tokens read from the prompt cache (part of `inputTokens`). */
  cacheReadTokens?: number;
  /** Input tokens written to the prompt cache (part of `inputTokens`). */
  cacheWriteTokens?: number;
  /**
   * The part of `cacheWriteTokens` written with a one-hour lifetime (Anthropic
   * `cache_creation.ephemeral_1h_input_tokens`); the rest used the provider's default (5 minutes).
   */
  cacheWrite1hTokens?: number;
  /** Output tokens spent on reasoning (part of `outputTokens`). */
  reasoningTokens?: number;
  /** Hosted web searches the provider ran (billed per search; Anthropic `server_tool_use.web_search_requests`). */
  webSearchRequests?: number;
  /** The usage object exactly as the provider sent it. */
  raw?: unknown;
}

export function usageFrom(parts: Omit<IrUsage, 'totalTokens'>): IrUsage {
  return { ...parts, totalTokens: parts.inputTokens + parts.outputTokens };
}

/** Returns the invariant violations of a usage value (empty when valid). */
export function checkUsageInvariants(usage: IrUsage): string[] {
  const problems: string[] = [];
  const counts: Array<[string, number | undefined]> = [
    ['inputTokens', usage.inputTokens],
    ['outputTokens', usage.outputTokens],
    ['totalTokens', usage.totalTokens],
    ['cacheReadTokens', usage.cacheReadTokens],
    ['cacheWriteTokens', usage.cacheWriteTokens],
    ['cacheWrite1hTokens', usage.cacheWrite1hTokens],
    ['reasoningTokens', usage.reasoningTokens],
  ];
  for (const [name, value] of counts) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0))
      problems.push(`${name} must be a non-negative integer`);
  }
  if (usage.totalTokens !== usage.inputTokens + usage.outputTokens)
    problems.push('totalTokens must equal inputTokens + outputTokens');
  if ((usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0) > usage.inputTokens)
    problems.push('cache tokens must be part of inputTokens');
  if ((usage.cacheWrite1hTokens ?? 0) > (usage.cacheWriteTokens ?? 0))
    problems.push('cacheWrite1hTokens must be part of cacheWriteTokens');
  if ((usage.reasoningTokens ?? 0) > usage.outputTokens) problems.push('reasoningTokens must be part of outputTokens');
  return problems;
}
