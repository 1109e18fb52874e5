import type { IrMessage } from './content.js';
import type { IrMcpServer } from './mcp.js';
import type { StyleId } from './style-id.js';

/** A function the model may call. `parameters` is a JSON Schema object (absent = no arguments). */
export interface IrTool {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
  /** Strict schema adherence. Absent means the source style did not say. */
  strict?: boolean;
  cacheControl?: { type: 'ephemeral'; ttl?: string };
}

/**
 * The provider's own web search, offered to the model (Anthropic `web_search_*` server tool,
 * Responses `web_search`, Gemini `googleSearch`, chat `web_search_options`). Encoders send the
 * fields their style has.
 */
export interface IrWebSearchTool {
  /** Most searches in one answer (Anthropic `max_uses`). */
  maxUses?: number;
  allowedDomains?: string[];
  blockedDomains?: string[];
  /** How much of the pages the model reads (OpenAI `search_context_size`). */
  contextSize?: 'low' | 'medium' | 'high';
  userLocation?: { city?: string; region?: string; country?: string; timezone?: string };
}

export type IrToolChoice =
  | { type: 'auto' }
  | { type: 'none' }
  /** The model must call some tool. */
  | { type: 'required' }
  | { type: 'tool'; name: string };

export type IrResponseFormat =
  | { type: 'text' }
  | { type: 'json-object' }
  | { type: 'json-schema'; name: string; description?: string; schema: Record<string, unknown>; strict?: boolean };

export type IrReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/**
 * What the caller asked of reasoning. `effort` and `budgetTokens` are both kept when known;
 * encoders derive the one their style needs from the other by a written table.
 */
export interface IrReasoningConfig {
  /** false = reasoning explicitly switched off. */
  enabled?: boolean;
  effort?: IrReasoningEffort;
  budgetTokens?: number;
  /** Ask for reasoning text back (OpenAI summaries, Gemini `includeThoughts`). */
  summary?: 'auto' | 'concise' | 'detailed' | 'none';
}

export interface IrSampling {
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  stopSequences?: string[];
}

/** Style-specific extras, namespaced by the style they belong to, never spread at top level. */
export type IrExtensions = Partial<Record<StyleId, Record<string, unknown>>>;

/** A generation request, whatever style it came in. */
export interface IrRequest {
  model: string;
  /** Ordered turns, system and developer instructions included. */
  messages: IrMessage[];
  tools?: IrTool[];
  /** The caller offered the provider's hosted web search. */
  webSearch?: IrWebSearchTool;
  /** MCP servers handed to the model; the provider or the gateway runs their tool loop. */
  mcpServers?: IrMcpServer[];
  toolChoice?: IrToolChoice;
  /** false = at most one tool call per turn. */
  parallelToolCalls?: boolean;
  responseFormat?: IrResponseFormat;
  sampling: IrSampling;
  /** Upper bound on generated tokens, reasoning included where the style counts it so. */
  maxOutputTokens?: number;
  /** Number of alternative answers (chat `n`, Gemini `candidateCount`). */
  candidateCount?: number;
  reasoning?: IrReasoningConfig;
  stream: boolean;
  /** The caller asked for usage in the stream (chat `stream_options.include_usage`). */
  includeStreamUsage?: boolean;
  /** End-user id for abuse tracking (chat `user`, Anthropic `metadata.user_id`). */
  user?: string;
  metadata?: Record<string, string>;
  /** Prompt-cache settings of the whole request (per-part breakpoints are `cacheControl` on parts). */
  promptCache?: IrPromptCache;
  extensions?: IrExtensions;
}

/**
 * Request-level prompt-cache intent. Encoders send what their style has and warn about the rest
 * (`promptCacheWarnings` in `@interlingua/ir-utils` words the warnings the same everywhere).
 */
export interface IrPromptCache {
  /** OpenAI `prompt_cache_key`: requests sharing it are routed to the same provider cache. */
  key?: string;
  /** OpenAI `prompt_cache_retention` (`in_memory`, `24h`). */
  retention?: string;
  /** Gemini `cachedContent`: the name of an explicit cache resource (`cachedContents/...`). */
  cachedContent?: string;
  /** Anthropic request-level `cache_control`: a breakpoint on the last cacheable block. */
  automatic?: { type: 'ephemeral'; ttl?: string };
}
