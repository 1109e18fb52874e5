import { z } from 'zod';
import { strictObject } from './strict-object.js';

/**
 * A route's prompt-cache settings (`models[].cache`). See docs/caching.md.
 * - `breakpoints: auto` adds cache breakpoints (last tool, system prompt, the previous and the
 *   last turn; four at most) to requests that carry none, on upstreams that cache only where
 *   marked (Anthropic Messages, Bedrock Converse). Other upstreams cache by themselves.
 * - `ttl` is the lifetime those breakpoints ask for (`5m`, the default, or `1h`).
 * - `affinity: true` sends requests sharing a cache key (`prompt_cache_key`, `user`,
 *   `metadata.user_id`, else the prompt's stable prefix) to the same target while it is healthy.
 */
export const routeCacheSchema = strictObject({
  breakpoints: z.enum(['off', 'auto']).default('off'),
  ttl: z.enum(['5m', '1h']).optional(),
  affinity: z.boolean().default(false),
});

export type RouteCacheConfig = z.infer<typeof routeCacheSchema>;
