import { LRUCache } from 'lru-cache';
import { MAX_MODEL_NAME_LENGTH } from '@interlingua/ir';
import type { ModelRouteConfig, TargetConfig } from '../config/config-schema.js';
import { globToRegExp, isGlob } from '../config/model-glob.js';
import type { ProviderEntry, ResolvedRoute } from '../context/route-target.js';

export type { ProviderEntry, ResolvedRoute, RouteTarget } from '../context/route-target.js';

interface CompiledRoute {
  config: ModelRouteConfig;
  pattern?: RegExp;
}

/** Model names whose resolution is kept (glob routes let callers send any number of names). */
export const RESOLVED_MODELS = 10_000;

/** Bytes the kept resolutions may take, their names counted at two bytes a character. */
export const RESOLVED_MODEL_BYTES = 8 * 1024 * 1024;

/** What one kept resolution costs beside its name: the route object and its targets. */
const RESOLUTION_OVERHEAD_BYTES = 256;

/**
 * Resolves a requested model name to targets. Exact names win over globs; globs are tried in
 * config order. Targets are ordered by `priority` (lower first); within one priority the order
 * is drawn at random in proportion to `weight`, afresh for every request. The match and its
 * targets are worked out once per model name that matches a route (a cache bounded in entries
 * and bytes; a config reload builds a new router). Names that match nothing are not kept, and
 * names longer than `MAX_MODEL_NAME_LENGTH` match nothing.
 */
export class ModelRouter {
  private readonly exact = new Map<string, CompiledRoute>();
  private readonly globs: CompiledRoute[] = [];
  private readonly resolved: LRUCache<string, ResolvedRoute>;

  constructor(
    routes: readonly ModelRouteConfig[],
    private readonly providers: ReadonlyMap<string, ProviderEntry>,
    private readonly random: () => number = Math.random,
    bounds: { entries: number; bytes: number } = { entries: RESOLVED_MODELS, bytes: RESOLVED_MODEL_BYTES },
  ) {
    this.resolved = new LRUCache<string, ResolvedRoute>({
      max: bounds.entries,
      maxSize: bounds.bytes,
      sizeCalculation: resolutionBytes,
    });
    for (const config of routes) {
      if (isGlob(config.name)) this.globs.push({ config, pattern: globToRegExp(config.name) });
      else if (!this.exact.has(config.name)) this.exact.set(config.name, { config });
    }
  }

  resolve(model: string): ResolvedRoute | undefined {
    if (model.length > MAX_MODEL_NAME_LENGTH) return undefined;
    let found = this.resolved.get(model);
    if (found === undefined) {
      found = this.match(model);
      if (!found) return undefined;
      this.resolved.set(model, found);
    }
    const targets = found.targets.length < 2 ? [...found.targets] : orderTargets(found.targets, this.random);
    return { ...found, targets };
  }

  /** The route a model name matches, its targets in config order. */
  private match(model: string): ResolvedRoute | undefined {
    const exact = this.exact.get(model);
    if (exact) return this.build(exact.config, model, undefined);
    for (const route of this.globs) {
      const match = route.pattern?.exec(model);
      if (match) return this.build(route.config, model, match[1]);
    }
    return undefined;
  }

  /** How many model names and about how many bytes the router keeps resolved. */
  kept(): { names: number; bytes: number } {
    return { names: this.resolved.size, bytes: this.resolved.calculatedSize };
  }

  /** Every configured route, for model listings. */
  routes(): ModelRouteConfig[] {
    return [...this.exact.values(), ...this.globs].map((route) => route.config);
  }

  provider(id: string): ProviderEntry | undefined {
    return this.providers.get(id);
  }

  private build(config: ModelRouteConfig, model: string, wildcard: string | undefined): ResolvedRoute {
    const targets = config.targets.flatMap((target) => {
      const entry = this.providers.get(target.provider);
      if (!entry) return [];
      return [
        {
          ...entry,
          upstreamModel: upstreamModelFor(target, model, wildcard, entry),
          weight: target.weight,
          priority: target.priority,
        },
      ];
    });
    return {
      routeName: config.name,
      targets,
      ...(config.defaultMaxOutputTokens ? { defaultMaxOutputTokens: config.defaultMaxOutputTokens } : {}),
      ...(config.cache ? { cache: config.cache } : {}),
      ...(config.reasoning ? { foreignReasoning: config.reasoning.foreign } : {}),
      ...(config.untranslatable ? { untranslatable: config.untranslatable } : {}),
    };
  }
}

function resolutionBytes(route: ResolvedRoute, model: string): number {
  return (
    2 * (model.length + route.targets.reduce((sum, target) => sum + target.upstreamModel.length, 0)) +
    RESOLUTION_OVERHEAD_BYTES
  );
}

function upstreamModelFor(
  target: TargetConfig,
  model: string,
  wildcard: string | undefined,
  entry: ProviderEntry,
): string {
  const chosen = target.model ?? wildcard ?? model;
  const adapter = entry.adapter;
  return adapter.kind === 'http' && adapter.hooks?.mapModelId
    ? adapter.hooks.mapModelId(chosen, entry.settings)
    : chosen;
}

/** Groups by priority (lower first) and orders each group by weighted random draws. */
export function orderTargets<T extends { weight: number; priority: number }>(targets: T[], random: () => number): T[] {
  const priorities = [...new Set(targets.map((t) => t.priority))].sort((a, b) => a - b);
  return priorities.flatMap((priority) =>
    weightedOrder(
      targets.filter((t) => t.priority === priority),
      random,
    ),
  );
}

function weightedOrder<T extends { weight: number }>(group: T[], random: () => number): T[] {
  const remaining = [...group];
  const ordered: T[] = [];
  while (remaining.length > 0) {
    const total = remaining.reduce((sum, t) => sum + t.weight, 0);
    let draw = random() * total;
    let index = remaining.findIndex((t) => (draw -= t.weight) < 0);
    if (index === -1) index = remaining.length - 1;
    ordered.push(...remaining.splice(index, 1));
  }
  return ordered;
}
