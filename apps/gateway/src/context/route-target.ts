import type { ProviderAdapter, ProviderSettings } from '@interlingua/provider-adapters';
import type { RouteCacheConfig } from '../config/cache-schema.js';

/** A configured provider with its adapter. */
export interface ProviderEntry {
  settings: ProviderSettings;
  adapter: ProviderAdapter;
}

/** One place a request may be sent. */
export interface RouteTarget extends ProviderEntry {
  /** The provider's model id for this request. */
  upstreamModel: string;
  weight: number;
  priority: number;
}

/** What the planner made of a requested model: its route's targets and settings. */
export interface ResolvedRoute {
  /** The route's `name` as configured (exact name or glob). */
  routeName: string;
  /** Targets in the order to try them. */
  targets: RouteTarget[];
  defaultMaxOutputTokens?: number;
  /** The route's prompt-cache settings (automatic breakpoints, cache affinity). */
  cache?: RouteCacheConfig;
  /** The route's `reasoning.foreign` setting (default `drop`). */
  foreignReasoning?: 'drop' | 'text';
  /** The route's `untranslatable` setting (default `warn`). */
  untranslatable?: 'warn' | 'refuse';
}
