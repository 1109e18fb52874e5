/**
 * Recorded answers turned into prompt-cache hits: the usage objects of a recorded body (whole or
 * streamed) get cache numbers written the way each provider reports them, everything else stays
 * as recorded. The recordings themselves report no cache use (see recorded/MANIFEST.md).
 */

/** The prompt of one answer: its whole size and what of it the cache served or stored. */
export interface CachedPrompt {
  /** Every prompt token, cached or not. */
  inputTokens: number;
  cacheReadTokens: number;
  /** Tokens written to the cache (only Anthropic reports them). */
  cacheWriteTokens: number;
  /** The one-hour share of the writes (Anthropic `cache_creation`). */
  cacheWrite1hTokens?: number;
}

type Json = Record<string, unknown>;
type Style = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'gemini';

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** Chat: `prompt_tokens` includes the cached ones, `prompt_tokens_details.cached_tokens` says how many. */
function chatUsage(usage: Json, prompt: CachedPrompt): void {
  usage.prompt_tokens = prompt.inputTokens;
  usage.prompt_tokens_details = {
    ...(isObject(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {}),
    cached_tokens: prompt.cacheReadTokens,
  };
  usage.total_tokens = prompt.inputTokens + num(usage.completion_tokens);
}

/** Responses: the same rule with `input_tokens` and `input_tokens_details.cached_tokens`. */
function responsesUsage(usage: Json, prompt: CachedPrompt): void {
  usage.input_tokens = prompt.inputTokens;
  usage.input_tokens_details = {
    ...(isObject(usage.input_tokens_details) ? usage.input_tokens_details : {}),
    cached_tokens: prompt.cacheReadTokens,
  };
  usage.total_tokens = prompt.inputTokens + num(usage.output_tokens);
}

/** Anthropic: three disjoint buckets; `message_delta` carries only the counters it names. */
function anthropicUsage(usage: Json, prompt: CachedPrompt): void {
  const set = (key: string, value: number) => {
    if (key in usage) usage[key] = value;
  };
  set('input_tokens', prompt.inputTokens - prompt.cacheReadTokens - prompt.cacheWriteTokens);
  set('cache_read_input_tokens', prompt.cacheReadTokens);
  set('cache_creation_input_tokens', prompt.cacheWriteTokens);
  const longLived = prompt.cacheWrite1hTokens ?? 0;
  if ('cache_creation' in usage)
    usage.cache_creation = {
      ephemeral_5m_input_tokens: prompt.cacheWriteTokens - longLived,
      ephemeral_1h_input_tokens: longLived,
    };
}

/** Gemini: `promptTokenCount` includes `cachedContentTokenCount`; writes are not reported. */
function geminiUsage(usage: Json, prompt: CachedPrompt): void {
  usage.promptTokenCount = prompt.inputTokens;
  usage.cachedContentTokenCount = prompt.cacheReadTokens;
  usage.cacheTokensDetails = [{ modality: 'TEXT', tokenCount: prompt.cacheReadTokens }];
  if (Array.isArray(usage.promptTokensDetails))
    usage.promptTokensDetails = [{ modality: 'TEXT', tokenCount: prompt.inputTokens }];
  usage.totalTokenCount =
    prompt.inputTokens +
    num(usage.candidatesTokenCount) +
    num(usage.thoughtsTokenCount) +
    num(usage.toolUsePromptTokenCount);
}

const REWRITE: Record<Style, { key: string; apply(usage: Json, prompt: CachedPrompt): void }> = {
  'openai-chat': { key: 'usage', apply: chatUsage },
  'openai-responses': { key: 'usage', apply: responsesUsage },
  'anthropic-messages': { key: 'usage', apply: anthropicUsage },
  gemini: { key: 'usageMetadata', apply: geminiUsage },
};

function rewrite(value: unknown, style: Style, prompt: CachedPrompt): void {
  if (Array.isArray(value)) {
    for (const item of value) rewrite(item, style, prompt);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === REWRITE[style].key && isObject(child)) REWRITE[style].apply(child, prompt);
    else rewrite(child, style, prompt);
  }
}

/** A whole answer body with the prompt's cache use in its usage. */
export function withCachedUsage<T>(body: T, style: Style, prompt: CachedPrompt): T {
  const copy = structuredClone(body);
  rewrite(copy, style, prompt);
  return copy;
}

/** An SSE body with the prompt's cache use in every usage it reports. */
export function withCachedUsageSse(sse: string, style: Style, prompt: CachedPrompt): string {
  return sse.replace(/^data: ?(.*)$/gm, (line, data: string) => {
    if (!data.trimStart().startsWith('{')) return line;
    const event = JSON.parse(data) as unknown;
    rewrite(event, style, prompt);
    return `data: ${JSON.stringify(event)}`;
  });
}
