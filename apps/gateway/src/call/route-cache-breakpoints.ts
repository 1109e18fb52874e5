import { wireId, type UpstreamWire } from '@interlingua/provider-adapters';
import type { ResolvedRoute } from '../context/route-target.js';
import { ANTHROPIC_MESSAGES } from '../http/request-styles.js';

/** Upstream wires that cache a prompt only where the request marks it. */
const MARKED_CACHE_WIRES: ReadonlySet<string> = new Set([ANTHROPIC_MESSAGES, 'bedrock-converse']);

/** The route adds breakpoints for this upstream (`cache.breakpoints: auto` and a marker-only wire). */
export function addsCacheBreakpoints(route: ResolvedRoute, wire: UpstreamWire): boolean {
  return route.cache?.breakpoints === 'auto' && MARKED_CACHE_WIRES.has(wireId(wire));
}
