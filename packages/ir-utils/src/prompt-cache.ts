import type {
  IrContentPart,
  IrFilePart,
  IrMessage,
  IrPromptCache,
  IrRequest,
  IrTextPart,
  IrTool,
  IrToolResultPart,
  IrWarning,
} from '@interlingua/ir';

/** Which request-level prompt-cache settings a target style can send. */
export interface PromptCacheSupport {
  /** The target as named in warnings (`Anthropic Messages`). */
  target: string;
  key?: boolean;
  retention?: boolean;
  cachedContent?: boolean;
  /** A breakpoint at the end of the prompt (Anthropic request-level `cache_control`). */
  automatic?: boolean;
}

/**
 * The warnings for the request-level cache settings a target cannot send, worded the same for
 * every style. Breakpoints on parts are the encoders' own business.
 */
export function promptCacheWarnings(cache: IrPromptCache | undefined, support: PromptCacheSupport): IrWarning[] {
  if (!cache) return [];
  const warnings: IrWarning[] = [];
  if (cache.key !== undefined && !support.key) {
    warnings.push({
      kind: 'dropped',
      field: 'prompt_cache_key',
      message: `${support.target} has no prompt_cache_key (its cache follows the prompt prefix); the gateway still uses the key for cache-affinity routing`,
    });
  }
  if (cache.retention !== undefined && !support.retention) {
    warnings.push({
      kind: 'dropped',
      field: 'prompt_cache_retention',
      message: `${support.target} has no prompt_cache_retention`,
    });
  }
  if (cache.automatic !== undefined && !support.automatic) {
    warnings.push({
      kind: 'dropped',
      field: 'cache_control',
      message: `${support.target} caches prompts by itself; the request-level cache breakpoint is not sent`,
    });
  }
  if (cache.cachedContent !== undefined && !support.cachedContent) {
    warnings.push({
      kind: 'dropped',
      field: 'cachedContent',
      message: `${support.target} cannot read the Gemini cache resource ${cache.cachedContent}: what it holds is not part of this request`,
    });
  }
  return warnings;
}

/** Anthropic accepts at most four breakpoints in one request (Bedrock the same). */
export const MAX_CACHE_BREAKPOINTS = 4;

type CacheablePart = IrTextPart | IrFilePart | IrToolResultPart;

function isCacheable(part: IrContentPart): part is CacheablePart {
  return part.type === 'file' || part.type === 'tool-result' || (part.type === 'text' && part.text !== '');
}

/** Whether the caller placed any breakpoint itself. */
export function hasCacheBreakpoints(ir: IrRequest): boolean {
  return (
    ir.promptCache?.automatic !== undefined ||
    (ir.tools ?? []).some((tool) => tool.cacheControl) ||
    ir.messages.some((message) => message.content.some((part) => 'cacheControl' in part && part.cacheControl))
  );
}

function lastCacheableIndex(message: IrMessage): number {
  for (let i = message.content.length - 1; i >= 0; i--) if (isCacheable(message.content[i]!)) return i;
  return -1;
}

function markMessage(message: IrMessage, ttl: string | undefined): IrMessage {
  const at = lastCacheableIndex(message);
  const cacheControl = ttl === undefined ? ({ type: 'ephemeral' } as const) : ({ type: 'ephemeral', ttl } as const);
  return {
    ...message,
    content: message.content.map((part, i) => (i === at ? { ...(part as CacheablePart), cacheControl } : part)),
  };
}

/**
 * The messages with a breakpoint on the last cacheable part of the last message that has one
 * (Anthropic's request-level `cache_control`, "cache up to the end"). Unchanged when none has.
 */
export function withBreakpointAtEnd(
  messages: IrMessage[],
  cacheControl: { type: 'ephemeral'; ttl?: string },
): IrMessage[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (lastCacheableIndex(message) === -1) continue;
    const out = [...messages];
    out[i] = markMessage(message, cacheControl.ttl);
    return out;
  }
  return messages;
}

/** The message indexes that get a breakpoint: the system prefix, the turn before the last, the last. */
function breakpointMessages(messages: IrMessage[], budget: number): number[] {
  const chosen: number[] = [];
  const firstTurn = messages.findIndex((m) => m.role !== 'system' && m.role !== 'developer');
  const systemEnd = (firstTurn === -1 ? messages.length : firstTurn) - 1;
  for (let i = systemEnd; i >= 0; i--) {
    if (lastCacheableIndex(messages[i]!) !== -1) {
      chosen.push(i);
      break;
    }
  }
  // The newest turns: the last one writes the cache for the next request, the one before reads
  // what the previous request wrote.
  const turns: number[] = [];
  for (let i = messages.length - 1; i > systemEnd && turns.length < 2; i--) {
    const message = messages[i]!;
    if (message.role !== 'assistant' && lastCacheableIndex(message) !== -1) turns.push(i);
  }
  return [...chosen, ...turns].slice(0, budget);
}

/**
 * Adds prompt-cache breakpoints for a caller that placed none: the last tool, the end of the
 * system prompt, the previous user turn and the last one (at most `MAX_CACHE_BREAKPOINTS`). A
 * request that already has breakpoints is returned as it is: the caller knows its prompt.
 */
export function withAutoCacheBreakpoints(ir: IrRequest, ttl?: string): IrRequest {
  if (hasCacheBreakpoints(ir)) return ir;
  const cacheControl = ttl === undefined ? ({ type: 'ephemeral' } as const) : ({ type: 'ephemeral', ttl } as const);
  const tools = ir.tools;
  const markTools = tools !== undefined && tools.length > 0;
  const markedTools: IrTool[] | undefined = markTools
    ? tools.map((tool, i) => (i === tools.length - 1 ? { ...tool, cacheControl } : tool))
    : tools;
  const chosen = new Set(breakpointMessages(ir.messages, MAX_CACHE_BREAKPOINTS - (markTools ? 1 : 0)));
  if (chosen.size === 0 && !markTools) return ir;
  const messages = ir.messages.map((message, i) => (chosen.has(i) ? markMessage(message, ttl) : message));
  return { ...ir, messages, ...(markedTools ? { tools: markedTools } : {}) };
}

/** `prompt_cache_key` / `prompt_cache_retention` of an OpenAI-style body -> IR (undefined when neither is set). */
export function openAiPromptCacheToIr(
  key: string | null | undefined,
  retention: string | null | undefined,
): IrPromptCache | undefined {
  if (key == null && retention == null) return undefined;
  return { ...(key != null ? { key } : {}), ...(retention != null ? { retention } : {}) };
}

/** The IR cache settings as OpenAI body fields (chat and Responses alike), with a warning for a Gemini resource. */
export function irPromptCacheToOpenAi(
  cache: IrPromptCache | undefined,
  target: string,
): { fields: Record<string, string>; warnings: IrWarning[] } {
  const fields: Record<string, string> = {};
  if (cache?.key !== undefined) fields['prompt_cache_key'] = cache.key;
  if (cache?.retention !== undefined) fields['prompt_cache_retention'] = cache.retention;
  return { fields, warnings: promptCacheWarnings(cache, { target, key: true, retention: true }) };
}
