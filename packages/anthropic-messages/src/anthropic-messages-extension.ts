import type { IrContentPart, IrExtensions } from '@interlingua/ir';
import { asRecord, safeInt } from '@interlingua/ir-utils';
import * as z from 'zod/mini';
import './zod-english.js';

/** The style id, used as the extensions namespace. */
export const ANTHROPIC_STYLE_ID = 'anthropic-messages';

/**
 * A block the IR cannot carry, or the fields of a block the IR drops, pinned to a position:
 * `message` is the IR message index (absent in responses), `part` the index of the IR part it
 * sits before (`block`) or belongs to (`extra`). `role`, `kind` and `id` guard against applying
 * a note to content that has since changed.
 */
export interface AnthropicBlockNote {
  message?: number;
  part: number;
  role?: string;
  /** A whole block inserted before part `part`. */
  block?: Record<string, unknown>;
  /** Fields merged into the block made from part `part` when it has type `kind` (and `id`). */
  extra?: Record<string, unknown>;
  kind?: string;
  id?: string;
}

/** The call id a note of `part` is pinned to: a tool call's, a tool result's or an MCP call's. */
export function noteIdOf(part: IrContentPart): string | undefined {
  if (part.type === 'tool-call' || part.type === 'mcp-call') return part.id;
  if (part.type === 'tool-result') return part.toolCallId;
  return undefined;
}

/** A server tool kept whole, or the fields of a custom tool the IR drops, by index in `tools`. */
export interface AnthropicToolNote {
  index: number;
  tool?: Record<string, unknown>;
  name?: string;
  extra?: Record<string, unknown>;
}

/**
 * What `extensions['anthropic-messages']` holds on a request, so that an Anthropic -> IR ->
 * Anthropic round trip loses nothing.
 */
export interface AnthropicRequestExtension {
  /** Top-level fields the IR has no place for (`service_tier`, `container`, `cache_control`…), sent as-is. */
  fields?: Record<string, unknown>;
  blocks?: AnthropicBlockNote[];
  tools?: AnthropicToolNote[];
  /** The `thinking` object as sent; reused when the IR reasoning still says the same. */
  thinking?: Record<string, unknown>;
  /** `output_config.effort` as sent; reused when the IR effort still says the same. */
  outputEffort?: string;
  /** `output_config` fields other than `effort` and `format`. */
  outputConfig?: Record<string, unknown>;
  /** The schema came in the legacy top-level `output_format`. */
  legacyOutputFormat?: boolean;
  /** `metadata` fields other than `user_id`. */
  metadata?: Record<string, unknown>;
}

/** What `extensions['anthropic-messages']` holds on a response. */
export interface AnthropicResponseExtension {
  /** Top-level fields the IR has no place for (`stop_details`, `container`…). */
  fields?: Record<string, unknown>;
  /** The stop sequence that ended the answer. */
  stopSequence?: string;
  /** Server tool blocks and text `citations`, by IR part index. */
  blocks?: AnthropicBlockNote[];
}

const record = z.record(z.string(), z.unknown());

const blockNote = z.looseObject({
  message: z.optional(safeInt()),
  part: safeInt(),
  role: z.optional(z.string()),
  block: z.optional(record),
  extra: z.optional(record),
  kind: z.optional(z.string()),
  id: z.optional(z.string()),
});

/** What the request extension may hold, field by field. */
const requestExtensionFields = {
  fields: record,
  blocks: z.array(blockNote),
  tools: z.array(
    z.looseObject({
      index: safeInt(),
      tool: z.optional(record),
      name: z.optional(z.string()),
      extra: z.optional(record),
    }),
  ),
  thinking: record,
  outputEffort: z.string(),
  outputConfig: record,
  legacyOutputFormat: z.boolean(),
  metadata: record,
};

/** What the response extension may hold, field by field. */
const responseExtensionFields = { fields: record, stopSequence: z.string(), blocks: z.array(blockNote) };

/** The fields of the extension object `value` that read as their schema says; the others read as absent. */
function readFields<T>(value: unknown, fields: Record<string, z.ZodMiniType>): T {
  const source = asRecord(value);
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(fields)) {
    const parsed = source?.[key] === undefined ? undefined : schema.safeParse(source[key]);
    if (parsed?.success) out[key] = parsed.data;
  }
  return out as T;
}

/** Reads the request extension back (anything malformed reads as absent). */
export function readRequestExtension(extensions: IrExtensions | undefined): AnthropicRequestExtension {
  return readFields(extensions?.[ANTHROPIC_STYLE_ID], requestExtensionFields);
}

/** Reads the response extension back (anything malformed reads as absent). */
export function readResponseExtension(extensions: IrExtensions | undefined): AnthropicResponseExtension {
  return readFields(extensions?.[ANTHROPIC_STYLE_ID], responseExtensionFields);
}

/** Drops undefined values and empty arrays/objects, so that an empty extension is no extension. */
export function compactRecord(value: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    if (Array.isArray(item) && item.length === 0) continue;
    if (isPlainObject(item) && Object.keys(item).length === 0) continue;
    out[key] = item;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The fields of `value` other than the `known` ones (null ones skipped), or undefined when there are none. */
export function unknownFields(
  value: Record<string, unknown>,
  known: readonly string[],
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    if (!known.includes(key) && item !== undefined && item !== null) out[key] = item;
  return Object.keys(out).length > 0 ? out : undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
