import { calcPrice, type ModelPrice, type Provider, type Usage } from '@pydantic/genai-prices';
import { LRUCache } from 'lru-cache';
import type { IrUsage } from '@interlingua/ir';
import { PRICE_CATALOG_SNAPSHOT as snapshot } from './price-catalog-snapshot.js';

/** Where the shipped prices come from and the day that snapshot was published. */
export const CATALOG_SOURCE = `${snapshot.package}@${snapshot.version}`;
export const CATALOG_AS_OF = snapshot.publishedAt;

/**
 * The catalog's providers each adapter type is billed as, tried in order. Local servers (Ollama, vLLM, LM Studio, TEI,
 * any OpenAI-compatible server) and the mock have no entry: their calls are unpriced, never priced at $0.
 */
const CATALOG_PROVIDERS: Readonly<Record<string, readonly string[]>> = {
  openai: ['openai'],
  'azure-openai': ['azure', 'openai'],
  anthropic: ['anthropic'],
  gemini: ['google'],
  vertex: ['google', 'anthropic'],
  bedrock: ['aws'],
  groq: ['groq'],
  deepseek: ['deepseek'],
  mistral: ['mistral'],
  together: ['together'],
  fireworks: ['fireworks'],
  openrouter: ['openrouter'],
  xai: ['x-ai'],
  perplexity: ['perplexity'],
  cerebras: ['cerebras'],
  cohere: ['cohere'],
  voyage: ['voyage'],
};

/** One model's catalog entry as the gateway uses it. */
export interface CatalogEntry {
  /** The catalog's provider and model ids the upstream model resolved to (dated ids and aliases resolve). */
  provider: string;
  model: string;
  /** Prices per million tokens (`*_mtok`) and per thousand requests or searches (`*_kcount`); tiers by prompt size. */
  prices: ModelPrice;
  source: string;
  asOf: string;
}

/** A model id as the catalog names it: Vertex writes Claude's date after `@` (`claude-sonnet-4-5@20250929`). */
function catalogModelId(providerType: string, model: string): string {
  return providerType === 'vertex' ? model.replace('@', '-') : model;
}

/** The IR's usage in the catalog's units: `input_tokens` is the whole prompt, cache reads and writes parts of it. */
export function catalogUsage(usage: IrUsage): Usage {
  const cacheWrite = usage.cacheWriteTokens ?? 0;
  const longWrite = Math.min(usage.cacheWrite1hTokens ?? 0, cacheWrite);
  return {
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    ...(usage.cacheReadTokens ? { cache_read_tokens: usage.cacheReadTokens } : {}),
    ...(cacheWrite ? { cache_write_tokens: cacheWrite } : {}),
    ...(longWrite ? { cache_write_1h_tokens: longWrite, cache_write_5m_tokens: cacheWrite - longWrite } : {}),
    ...(usage.reasoningTokens ? { output_reasoning_tokens: usage.reasoningTokens } : {}),
    ...(usage.webSearchRequests ? { web_searches: usage.webSearchRequests } : {}),
  };
}

const NO_USAGE: Usage = { input_tokens: 0, output_tokens: 0 };

/** Upstream models whose catalog resolution is remembered (least recently used dropped first). */
export const RESOLVED_MODELS_KEPT = 4_096;

/** A model's resolution: the catalog provider narrowed to the one model it matched, or none. */
interface Resolution {
  provider: Provider | null;
}

/**
 * The price catalog shipped with the gateway: a pinned snapshot of a maintained, openly licensed price list, looked up
 * by the adapter's type and the upstream model. Each (type, model) is resolved in the catalog once and remembered
 * (bounded), so pricing an answer matches one model, not the whole list; lookups that resolve to nothing are remembered
 * too, and the log names an unpriced model once.
 */
export class PriceCatalog {
  /** Unpriced models already named in the log; bounded, since wildcard routes let callers name upstream models. */
  private readonly unknown = new Set<string>();
  private static readonly UNKNOWN_NAMED = 1_000;
  private readonly resolved: LRUCache<string, Resolution>;

  constructor(
    private readonly onUnpriced: (providerType: string, model: string) => void = () => {},
    /** The catalog's price function (tests spy on it). */
    private readonly price: typeof calcPrice = calcPrice,
    maxResolved = RESOLVED_MODELS_KEPT,
  ) {
    this.resolved = new LRUCache<string, Resolution>({ max: maxResolved });
  }

  /** The cost of one answer in USD, or `null` when the catalog does not know the model. */
  cost(providerType: string, model: string, usage: IrUsage): number | null {
    const found = this.calculate(providerType, model, catalogUsage(usage));
    return found ? found.total_price : null;
  }

  /** The entry pricing this upstream model, if the catalog knows it. */
  entry(providerType: string, model: string): CatalogEntry | undefined {
    const found = this.calculate(providerType, model, NO_USAGE);
    if (!found) return undefined;
    return {
      provider: found.provider.id,
      model: found.model.id,
      prices: found.model_price,
      source: CATALOG_SOURCE,
      asOf: CATALOG_AS_OF,
    };
  }

  /** How many (type, model) resolutions are remembered. */
  get resolvedCount(): number {
    return this.resolved.size;
  }

  private calculate(providerType: string, model: string, usage: Usage) {
    const provider = this.resolve(providerType, model);
    return provider ? this.price(usage, catalogModelId(providerType, model), { provider }) : null;
  }

  /** The catalog provider (with only the matched model) pricing this upstream model, looked up once per (type, model). */
  private resolve(providerType: string, model: string): Provider | null {
    // Types the catalog does not bill (local servers, the mock) are unpriced by design, not named as unknown.
    if (!CATALOG_PROVIDERS[providerType]) return null;
    const name = `${providerType}\u0000${model}`;
    const known = this.resolved.get(name);
    if (known) return known.provider;
    const provider = this.lookUp(providerType, model);
    this.resolved.set(name, { provider });
    if (!provider && !this.unknown.has(name) && this.unknown.size < PriceCatalog.UNKNOWN_NAMED) {
      this.unknown.add(name);
      this.onUnpriced(providerType, model);
    }
    return provider;
  }

  private lookUp(providerType: string, model: string): Provider | null {
    const modelId = catalogModelId(providerType, model);
    for (const providerId of CATALOG_PROVIDERS[providerType] ?? []) {
      const found = this.price(NO_USAGE, modelId, { providerId });
      if (found) {
        const { fallback_model_providers: _fallbacks, ...provider } = found.provider;
        return { ...provider, models: [found.model] };
      }
    }
    return null;
  }
}
