import { readFileSync } from 'node:fs';
import type { IrUsage } from '@interlingua/ir';
import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import { loadRecording, recordingJson } from '@interlingua/testkit';
import { calcPrice } from '@pydantic/genai-prices';
import { describe, expect, it, vi } from 'vitest';
import { CATALOG_AS_OF, CATALOG_SOURCE, PriceCatalog } from './price-catalog.js';
import { PRICE_CATALOG_SNAPSHOT } from './price-catalog-snapshot.js';
import { PriceTable } from './price-table.js';

/**
 * Each recorded answer's cost recomputed by hand from the provider's published rates (USD per million tokens, searches
 * per thousand) as of the snapshot's date, and compared with what the catalog charges for the usage the gateway reads
 * from the same answer.
 */
interface Rates {
  input: number;
  output: number;
  cacheRead?: number;
  search?: number;
}
const RECORDED: Array<[file: string, style: GenerationStyle, providerType: string, rates: Rates]> = [
  ['openai-chat/01-text.json', 'openai-chat', 'openai', { input: 0.1, output: 0.4 }],
  ['openai-chat/08-parallel-tool-calls.json', 'openai-chat', 'openai', { input: 2.5, output: 10 }],
  ['openai-chat/09-tool-call.json', 'openai-chat', 'openai', { input: 0.15, output: 0.6 }],
  ['openai-chat/10-structured-output-json-schema.json', 'openai-chat', 'openai', { input: 2.5, output: 10 }],
  ['openai-chat/14-azure-content-filter.json', 'openai-chat', 'azure-openai', { input: 0.5, output: 1.5 }],
  ['openai-responses/01-text.json', 'openai-responses', 'openai', { input: 2.5, output: 10 }],
  ['openai-responses/05-function-call.json', 'openai-responses', 'openai', { input: 2.5, output: 10 }],
  // Reasoning tokens are part of the output and billed as output.
  ['openai-responses/08-reasoning-summary.json', 'openai-responses', 'openai', { input: 1.75, output: 14 }],
  // One web_search_call at $10 per thousand calls.
  [
    'openai-responses/10-web-search-citations.json',
    'openai-responses',
    'openai',
    { input: 1.75, output: 14, search: 10 },
  ],
  ['openai-responses/12-structured-output-json-schema.json', 'openai-responses', 'openai', { input: 2.5, output: 10 }],
  ['anthropic-messages/01-text.json', 'anthropic-messages', 'anthropic', { input: 3, output: 15 }],
  ['anthropic-messages/05-thinking-tool-use.json', 'anthropic-messages', 'anthropic', { input: 3, output: 15 }],
  ['anthropic-messages/10-max-tokens.json', 'anthropic-messages', 'anthropic', { input: 15, output: 75 }],
  // One hosted web search at $10 per thousand.
  [
    'anthropic-messages/13-web-search-citations.json',
    'anthropic-messages',
    'anthropic',
    { input: 3, output: 15, search: 10 },
  ],
  ['anthropic-messages/14-structured-output.json', 'anthropic-messages', 'anthropic', { input: 3, output: 15 }],
  // Thinking tokens are billed as output (Gemini reports them apart from the candidates).
  ['gemini/01-text.json', 'gemini', 'gemini', { input: 2, output: 12 }],
  ['gemini/05-function-call.json', 'gemini', 'gemini', { input: 2, output: 12 }],
  ['gemini/09-max-tokens.json', 'gemini', 'gemini', { input: 0.3, output: 2.5 }],
  ['gemini/11-structured-output.json', 'gemini', 'gemini', { input: 0.1, output: 0.4 }],
];

function recordedAnswer(file: string, style: GenerationStyle): { model: string; usage: IrUsage } {
  const answer = codecFor(style).response.toIr(recordingJson(loadRecording(file))).value;
  if (!answer.usage) throw new Error(`${file} has no usage`);
  return { model: answer.model ?? '', usage: answer.usage };
}

function byHand(usage: IrUsage, rates: Rates): number {
  const cacheRead = usage.cacheReadTokens ?? 0;
  const tokens =
    (usage.inputTokens - cacheRead) * rates.input +
    cacheRead * (rates.cacheRead ?? rates.input) +
    usage.outputTokens * rates.output;
  return tokens / 1e6 + ((usage.webSearchRequests ?? 0) * (rates.search ?? 0)) / 1e3;
}

describe('the shipped price catalog on recorded answers', () => {
  const unpriced: string[] = [];
  const catalog = new PriceCatalog((type, model) => unpriced.push(`${type}/${model}`));

  it.each(RECORDED)('%s costs what the published rates say', (file, style, providerType, rates) => {
    const { model, usage } = recordedAnswer(file, style);
    const cost = catalog.cost(providerType, model, usage);
    expect(cost).not.toBeNull();
    expect(Math.abs((cost ?? 0) - byHand(usage, rates))).toBeLessThan(1e-9);
  });

  it('knows every recorded model (the unpriced count stays 0)', () => {
    for (const [file, style, providerType] of RECORDED)
      catalog.cost(providerType, recordedAnswer(file, style).model, {
        inputTokens: 1,
        outputTokens: 1,
        totalTokens: 2,
      });
    expect(unpriced).toEqual([]);
  });
});

describe('tiers and units the catalog prices apart', () => {
  const catalog = new PriceCatalog();
  const usage = (parts: Partial<IrUsage> & { inputTokens: number; outputTokens: number }): IrUsage => ({
    totalTokens: parts.inputTokens + parts.outputTokens,
    ...parts,
  });

  it('cache reads, five-minute and one-hour writes at their own rates', () => {
    const cost = catalog.cost(
      'anthropic',
      'claude-sonnet-4-5-20250929',
      usage({
        inputTokens: 10_000,
        outputTokens: 1_000,
        cacheReadTokens: 1_000,
        cacheWriteTokens: 6_000,
        cacheWrite1hTokens: 2_000,
      }),
    );
    expect(
      Math.abs((cost ?? 0) - (3_000 * 3 + 1_000 * 0.3 + 4_000 * 3.75 + 2_000 * 6 + 1_000 * 15) / 1e6),
    ).toBeLessThan(1e-9);
  });

  it('a prompt over 200k tokens moves the whole request to the long-context rates', () => {
    const cost = catalog.cost('anthropic', 'claude-sonnet-4-5', usage({ inputTokens: 250_000, outputTokens: 1_000 }));
    expect(Math.abs((cost ?? 0) - (250_000 * 6 + 1_000 * 22.5) / 1e6)).toBeLessThan(1e-9);
  });

  it('resolves aliases and dated ids, Bedrock and Vertex ids of the same model', () => {
    // 100k prompt tokens: under every long-context threshold.
    const plain = usage({ inputTokens: 100_000, outputTokens: 0 });
    expect(catalog.cost('openai', 'gpt-4o-mini', plain)).toBeCloseTo(0.015, 9);
    expect(catalog.cost('openai', 'gpt-4o-mini-2024-07-18', plain)).toBeCloseTo(0.015, 9);
    expect(catalog.cost('anthropic', 'claude-sonnet-4-5', plain)).toBeCloseTo(0.3, 9);
    expect(catalog.cost('anthropic', 'claude-sonnet-4-5-20250929', plain)).toBeCloseTo(0.3, 9);
    expect(catalog.cost('vertex', 'claude-sonnet-4-5@20250929', plain)).toBeCloseTo(0.3, 9);
    expect(catalog.cost('vertex', 'gemini-2.5-flash', plain)).toBeCloseTo(0.03, 9);
    // Bedrock in-region ids are billed at the regional rate (10% over the global one).
    expect(catalog.cost('bedrock', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', plain)).toBeCloseTo(0.33, 9);
  });

  it('a model it does not know is unpriced (null, never 0) and named once', () => {
    const named: string[] = [];
    const quiet = new PriceCatalog((type, model) => named.push(`${type}/${model}`));
    const plain = usage({ inputTokens: 10, outputTokens: 10 });
    expect(quiet.cost('openai', 'no-such-model', plain)).toBeNull();
    expect(quiet.cost('openai', 'no-such-model', plain)).toBeNull();
    expect(quiet.cost('ollama', 'llama3', plain)).toBeNull();
    expect(named).toEqual(['openai/no-such-model']);
  });

  it('config rows come first; without the catalog only the rows price', () => {
    const rows = [{ model: 'gpt-4o-mini', inputPerMillion: 1, outputPerMillion: 1 }];
    const plain = usage({ inputTokens: 1_000_000, outputTokens: 0 });
    expect(new PriceTable(rows, catalog).cost('openai', 'gpt-4o-mini', plain, 'openai')).toBeCloseTo(1, 9);
    expect(new PriceTable([], catalog).cost('openai', 'gpt-4o-mini', plain, 'openai')).toBeCloseTo(0.15, 9);
    expect(new PriceTable([]).cost('openai', 'gpt-4o-mini', plain, 'openai')).toBeNull();
  });
});

describe('the snapshot record', () => {
  it('names the catalog version the gateway pins (refresh-prices keeps them together)', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(`${PRICE_CATALOG_SNAPSHOT.package}@${manifest.dependencies[PRICE_CATALOG_SNAPSHOT.package]}`).toBe(
      CATALOG_SOURCE,
    );
    expect(CATALOG_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('the catalog resolution cache', () => {
  const usage: IrUsage = { inputTokens: 1_000, outputTokens: 500, totalTokens: 1_500 };
  /** Calls that looked a model up by provider id (a resolution), as opposed to pricing a resolved one. */
  const resolutions = (spy: ReturnType<typeof vi.fn>) =>
    spy.mock.calls.filter((call) => (call[2] as { providerId?: string } | undefined)?.providerId !== undefined).length;

  it('resolves a (provider type, model) once: the next answers are priced without a lookup, to the same cost', () => {
    const spy = vi.fn(calcPrice);
    const catalog = new PriceCatalog(() => {}, spy);
    const first = catalog.cost('openai', 'gpt-4o-mini', usage);
    const afterFirst = resolutions(spy);
    expect(afterFirst).toBeGreaterThan(0);
    expect(catalog.cost('openai', 'gpt-4o-mini', usage)).toBe(first);
    expect(catalog.entry('openai', 'gpt-4o-mini')?.model).toBe('gpt-4o-mini');
    expect(resolutions(spy)).toBe(afterFirst);
    expect(first).toBe(new PriceCatalog().cost('openai', 'gpt-4o-mini', usage));
    // An unknown model is remembered as unknown too.
    catalog.cost('openai', 'no-such-model', usage);
    const afterUnknown = resolutions(spy);
    expect(catalog.cost('openai', 'no-such-model', usage)).toBeNull();
    expect(resolutions(spy)).toBe(afterUnknown);
  });

  it('keeps at most its bound of resolutions, dropping the least recently used', () => {
    const spy = vi.fn(calcPrice);
    const catalog = new PriceCatalog(() => {}, spy, 2);
    for (const model of ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1']) catalog.cost('openai', model, usage);
    expect(catalog.resolvedCount).toBe(2);
    const before = resolutions(spy);
    catalog.cost('openai', 'gpt-4.1', usage);
    expect(resolutions(spy)).toBe(before);
    catalog.cost('openai', 'gpt-4o-mini', usage);
    expect(resolutions(spy)).toBe(before + 1);
    expect(catalog.resolvedCount).toBe(2);
  });
});
