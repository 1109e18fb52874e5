import { z } from 'zod';
import { strictObject } from './strict-object.js';

/** The longest a cached answer may live: a week. */
export const MAX_RESPONSE_CACHE_TTL_SECONDS = 7 * 24 * 3600;
/** The largest cached answer a route may allow: 8 MiB. */
export const MAX_RESPONSE_CACHE_ENTRY_BYTES = 8 * 1024 * 1024;
/** A route's largest cached answer when it names none: 256 KiB. */
export const DEFAULT_RESPONSE_CACHE_ENTRY_BYTES = 256 * 1024;

/**
 * A route's cache settings (`models[].cache`). See docs/caching.md.
 * - `breakpoints: auto` adds cache breakpoints (last tool, system prompt, the previous and the
 *   last turn; four at most) to requests that carry none, on upstreams that cache only where
 *   marked (Anthropic Messages, Bedrock Converse). Other upstreams cache by themselves.
 * - `ttl` is the lifetime those breakpoints ask for (`5m`, the default, or `1h`).
 * - `affinity: true` sends requests sharing a cache key (`prompt_cache_key`, `user`,
 *   `metadata.user_id`, else the prompt's stable prefix) to the same target while it is healthy.
 * - `ttlSeconds` turns the gateway's response cache on for the route: a repeated request is
 *   answered from the cache for that long. `maxEntryBytes` is the largest answer kept;
 *   `cacheToolCalls: true` keeps answers that call tools too (left out by default).
 */
export const routeCacheSchema = strictObject({
  breakpoints: z.enum(['off', 'auto']).default('off'),
  ttl: z.enum(['5m', '1h']).optional(),
  affinity: z.boolean().default(false),
  ttlSeconds: z.number().int().positive().max(MAX_RESPONSE_CACHE_TTL_SECONDS).optional(),
  maxEntryBytes: z.number().int().positive().max(MAX_RESPONSE_CACHE_ENTRY_BYTES).optional(),
  cacheToolCalls: z.boolean().optional(),
});

export type RouteCacheConfig = z.infer<typeof routeCacheSchema>;

/**
 * The response cache's store (top-level `cache`): `memory` (the default; one process) or `redis`
 * (the Redis of the top-level `store`, shared by a fleet), bounded to `maxBytes` of answers.
 */
export const responseCacheSchema = strictObject({
  store: z.enum(['memory', 'redis']).default('memory'),
  maxBytes: z
    .number()
    .int()
    .positive()
    .max(64 * 1024 * 1024 * 1024)
    .default(64 * 1024 * 1024),
});
