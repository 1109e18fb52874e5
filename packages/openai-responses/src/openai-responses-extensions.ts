import type { IrExtensions } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';

/** The style id, used as the key of this style's `extensions`. */
export const OPENAI_RESPONSES_STYLE = 'openai-responses' as const;

/** Where an input item the IR cannot express sat: before IR message `before`. */
export interface OpenAiResponsesPassthroughItem {
  before: number;
  item: Record<string, unknown>;
  /** Its index in the caller's `input` (for messages naming it). */
  index?: number;
}

/** Wire fields of an assistant `message` item that the IR has no place for (id, status, phase). */
export interface OpenAiResponsesMessageItemFields {
  /** IR message index and index of the item's first part. */
  message: number;
  part: number;
  /** `<part type>:<text length>` of that part, checked before the fields are re-applied. */
  check: string;
  fields: Record<string, unknown>;
}

/** A `compaction` input item, kept in the IR as a reasoning part with an opaque blob. */
export interface OpenAiResponsesCompactionRef {
  message: number;
  part: number;
  id?: string;
}

/**
 * What a Responses request carries that the IR does not model, under
 * `ir.extensions['openai-responses']`, so that a same-style round trip keeps it.
 */
export interface OpenAiResponsesRequestExtensions {
  /** Top-level request fields outside the IR (`store`, `include`, `previous_response_id`, unknown ones). */
  fields?: Record<string, unknown>;
  /** IR message 0 came from `instructions`. */
  instructions?: boolean;
  /** Non-function tools, at their index in `tools`. */
  tools?: Array<{ index: number; tool: Record<string, unknown> }>;
  /** Where each `mcp` tool sat in `tools`, by server label (the tools are `mcpServers` in the IR). */
  mcpToolIndex?: Record<string, number>;
  /** Extra fields of function tools (`defer_loading`, `output_schema`), by tool name. */
  toolFields?: Record<string, Record<string, unknown>>;
  /** A `tool_choice` the IR cannot express (`allowed_tools`, hosted tools, `custom`). */
  toolChoice?: unknown;
  /** `text` fields besides `format` (`verbosity`). */
  text?: Record<string, unknown>;
  /** `reasoning` fields besides `effort` and `summary` (`context`, `mode`, `generate_summary`). */
  reasoning?: Record<string, unknown>;
  /** Input items the IR cannot express (`item_reference`, hosted-tool calls, …). */
  items?: OpenAiResponsesPassthroughItem[];
  /** Extra fields of `function_call` items (`id`, `status`), by `call_id`. */
  callItems?: Record<string, Record<string, unknown>>;
  /** Extra fields of `function_call_output` items (`id`, `status`), by `call_id`. */
  callOutputItems?: Record<string, Record<string, unknown>>;
  /** Extra fields of assistant `message` items. */
  messageItems?: OpenAiResponsesMessageItemFields[];
  /** `compaction` input items (reasoning parts with an opaque blob). */
  compaction?: OpenAiResponsesCompactionRef[];
}

/** This style's request extensions of an IR value (empty when there are none). */
export function readRequestExtensions(extensions: IrExtensions | undefined): OpenAiResponsesRequestExtensions {
  return (asRecord(extensions?.[OPENAI_RESPONSES_STYLE]) ?? {}) as OpenAiResponsesRequestExtensions;
}

/**
 * What a Responses answer carries that the IR does not model, under
 * `response.extensions['openai-responses']`.
 */
export interface OpenAiResponsesResponseExtensions {
  /** Output items the IR cannot express (`web_search_call`, `compaction`, …) at their output index. */
  outputItems?: Array<{ index: number; item: Record<string, unknown> }>;
  /** Ids of output items, by IR part index (message, function_call and reasoning items). */
  itemIds?: Record<string, string>;
  /** Annotations of `output_text` parts, by IR part index. */
  annotations?: Record<string, unknown[]>;
  /** Echoed request fields of the answer (`instructions`, `tools`, `store`, …). */
  fields?: Record<string, unknown>;
  /** The `error` of a failed answer. */
  error?: { code: string; message: string };
}

/** This style's response extensions of an IR value (empty when there are none). */
export function readResponseExtensions(extensions: IrExtensions | undefined): OpenAiResponsesResponseExtensions {
  return (asRecord(extensions?.[OPENAI_RESPONSES_STYLE]) ?? {}) as OpenAiResponsesResponseExtensions;
}

/** Drops `undefined` values and empty containers so extensions stay small and comparable. */
export function compactRecord<T extends object>(value: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === undefined) continue;
    if (Array.isArray(entry) && entry.length === 0) continue;
    if (asRecord(entry) && Object.keys(entry as object).length === 0) continue;
    out[key] = entry;
  }
  return out as Partial<T>;
}

/** The fields of `record` whose keys are not in `known`. */
export function pickUnknown(record: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!known.includes(key)) out[key] = value;
  return out;
}
