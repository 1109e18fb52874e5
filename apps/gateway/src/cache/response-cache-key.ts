import { createHash } from 'node:crypto';
import type { IrRequest } from '@interlingua/ir';
import { codecFor } from '@interlingua/provider-adapters';
import type { RouteTarget } from '../context/route-target.js';

/** Bumped when the canonical form changes, so entries of an older form are never read. */
const KEY_FORM = 'response-cache-1';

/**
 * Fields of a style's extensions that say how the caller spelled the request, not what it asks:
 * `maxTokensField` (chat's name for the output cap), `instructions` (Responses' system turn was
 * its `instructions`).
 */
const SPELLING_FIELDS = new Set(['maxTokensField', 'instructions']);
/** Passed-through Responses fields that cannot change the answer (`store` is refused before the key). */
const UNREAD_PASSED_FIELDS = new Set(['store', 'stream_options']);

/**
 * The response cache's key for a request: SHA-256 over its owner (the key's id), the target it
 * is sent to (provider id and upstream model) and the request's canonical form (`canonicalRequest`).
 */
export function responseCacheKey(owner: string, target: RouteTarget, ir: IrRequest): string {
  const canonical = canonicalRequest(ir, extensionStyleOf(target));
  return createHash('sha256')
    .update(stableJson([KEY_FORM, owner, target.settings.id, target.upstreamModel, canonical]))
    .digest('hex');
}

/**
 * The request with what cannot change the answer left out: the model (the target names it),
 * streaming and stream usage, the end-user id and metadata, prompt-cache hints (breakpoints,
 * cache keys; an explicit cached content is kept), and the extensions of every style but the
 * upstream's (no other encoder reads them) less their spelling. Every other field stays.
 */
export function canonicalRequest(ir: IrRequest, upstreamStyle: string | undefined): unknown {
  const {
    model: _model,
    stream: _stream,
    includeStreamUsage: _includeStreamUsage,
    user: _user,
    metadata: _metadata,
    promptCache,
    extensions,
    ...meaning
  } = ir;
  const kept: Record<string, unknown> = { ...meaning };
  if (promptCache?.cachedContent !== undefined) kept.cachedContent = promptCache.cachedContent;
  const own = upstreamStyle === undefined ? undefined : extensions?.[upstreamStyle as keyof typeof extensions];
  const ownMeaning = own ? extensionMeaning(own) : undefined;
  if (ownMeaning) kept.extensions = ownMeaning;
  return withoutBreakpoints(kept);
}

function extensionMeaning(extension: Record<string, unknown>): Record<string, unknown> | undefined {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(extension)) {
    if (SPELLING_FIELDS.has(name)) continue;
    if (name === 'fields' && isPlainObject(value)) {
      const fields = Object.fromEntries(Object.entries(value).filter(([field]) => !UNREAD_PASSED_FIELDS.has(field)));
      if (Object.keys(fields).length > 0) kept.fields = fields;
      continue;
    }
    kept[name] = value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** The style id whose extensions the target's encoder reads; none for a provider inside the gateway. */
function extensionStyleOf(target: RouteTarget): string | undefined {
  const adapter = target.adapter;
  if (adapter.kind === 'local') return undefined;
  return codecFor(adapter.wire(target.settings, target.upstreamModel)).id;
}

/** A copy without prompt-cache breakpoints (`cacheControl` on parts, tools and messages). */
function withoutBreakpoints(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBreakpoints);
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value))
    if (name !== 'cacheControl') copy[name] = withoutBreakpoints(field);
  return copy;
}

/** JSON with object keys in order and `undefined` fields left out: equal values give equal text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : stableJson(item))).join(',')}]`;
  if (!isPlainObject(value)) return JSON.stringify(value) ?? 'null';
  const fields = Object.keys(value)
    .filter((name) => value[name] !== undefined)
    .sort()
    .map((name) => `${JSON.stringify(name)}:${stableJson(value[name])}`);
  return `{${fields.join(',')}}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
