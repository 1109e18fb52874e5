import type { IrUsage } from '@interlingua/ir';
import type { PriceConfig } from '../config/operations-schema.js';
import { globToRegExp } from '../config/model-glob.js';
import type { PriceCatalog } from './price-catalog.js';

interface CompiledPrice {
  row: PriceConfig;
  pattern: RegExp;
}

/**
 * The gateway's prices: the config's pricing table first (per-million-token prices for upstream models, first matching
 * row wins, a row naming a provider only matches that provider), then the shipped price catalog when it is on. Neither
 * knows the model: cost is `null` (unpriced), never 0.
 */
export class PriceTable {
  private readonly rows: CompiledPrice[];

  constructor(
    rows: readonly PriceConfig[],
    readonly catalog?: PriceCatalog,
  ) {
    this.rows = rows.map((row) => ({ row, pattern: globToRegExp(row.model) }));
  }

  /** The row pricing this provider's model, if any. */
  find(provider: string, model: string): PriceConfig | undefined {
    return this.rows.find(
      ({ row, pattern }) => (row.provider === undefined || row.provider === provider) && pattern.test(model),
    )?.row;
  }

  /** Whether some row may price this provider's models (a row naming no provider prices every provider's). */
  hasRowFor(provider: string): boolean {
    return this.rows.some(({ row }) => row.provider === undefined || row.provider === provider);
  }

  /**
   * The cost of one answer, or `null` when the model has no price. Cache reads and writes are
   * part of `inputTokens` (IR invariant) and priced at their own rates when the row has them
   * (one-hour writes at `cacheWrite1hPerMillion`); reasoning is part of `outputTokens` and
   * priced as output; hosted web searches are priced per thousand (`webSearchPerThousand`).
   */
  cost(provider: string, model: string, usage: IrUsage | undefined, providerType?: string): number | null {
    if (!usage) return null;
    const price = this.find(provider, model);
    if (!price) return providerType && this.catalog ? this.catalog.cost(providerType, model, usage) : null;
    const cacheRead = usage.cacheReadTokens ?? 0;
    const cacheWrite = usage.cacheWriteTokens ?? 0;
    const longWrite = Math.min(usage.cacheWrite1hTokens ?? 0, cacheWrite);
    const plainInput = Math.max(0, usage.inputTokens - cacheRead - cacheWrite);
    const writePrice = price.cacheWritePerMillion ?? price.inputPerMillion;
    const total =
      plainInput * price.inputPerMillion +
      cacheRead * (price.cacheReadPerMillion ?? price.inputPerMillion) +
      (cacheWrite - longWrite) * writePrice +
      longWrite * (price.cacheWrite1hPerMillion ?? writePrice) +
      usage.outputTokens * price.outputPerMillion;
    const searches = (usage.webSearchRequests ?? 0) * (price.webSearchPerThousand ?? 0);
    return total / 1_000_000 + searches / 1_000;
  }
}

/** A cost as header text: up to 10 decimals, no exponent, trailing zeros dropped. */
export function formatCost(cost: number): string {
  return cost.toFixed(10).replace(/\.?0+$/, '') || '0';
}
