import { describe, expect, it } from 'vitest';
import { priceSchema } from '../config/operations-schema.js';
import { formatCost, PriceTable } from './price-table.js';

const table = new PriceTable([
  priceSchema.parse({
    model: 'alpha',
    provider: 'p1',
    inputPerMillion: 1,
    outputPerMillion: 4,
    cacheReadPerMillion: 0.1,
  }),
  priceSchema.parse({ model: 'alpha*', inputPerMillion: 2, outputPerMillion: 8 }),
]);

describe('PriceTable', () => {
  it('prices input, cached input and output per million tokens, first matching row first', () => {
    const usage = {
      inputTokens: 1_000_000,
      outputTokens: 500_000,
      totalTokens: 1_500_000,
      cacheReadTokens: 400_000,
      reasoningTokens: 100_000,
    };
    expect(table.cost('p1', 'alpha', usage)).toBeCloseTo(0.6 + 0.04 + 2, 10);
    expect(table.cost('p2', 'alpha', usage)).toBeCloseTo(0.6 * 2 + 0.4 * 2 + 4, 10);
    expect(table.cost('p2', 'alpha-mini', usage)).toBeCloseTo(6, 10);
  });

  it('gives null for models without a price and for answers without usage', () => {
    expect(table.cost('p1', 'beta', { inputTokens: 1, outputTokens: 1, totalTokens: 2 })).toBeNull();
    expect(table.cost('p1', 'alpha', undefined)).toBeNull();
    expect(new PriceTable([]).cost('p', 'm', { inputTokens: 1, outputTokens: 1, totalTokens: 2 })).toBeNull();
  });

  it('formats costs without exponents', () => {
    expect(formatCost(0.0000012)).toBe('0.0000012');
    expect(formatCost(1.5)).toBe('1.5');
    expect(formatCost(0)).toBe('0');
  });
});

describe('PriceTable cache prices', () => {
  // Anthropic-like: input 3, cache read 0.3, five-minute write 3.75, one-hour write 6, output 15 (per million).
  const anthropic = new PriceTable([
    priceSchema.parse({
      model: 'claude*',
      inputPerMillion: 3,
      outputPerMillion: 15,
      cacheReadPerMillion: 0.3,
      cacheWritePerMillion: 3.75,
      cacheWrite1hPerMillion: 6,
    }),
    priceSchema.parse({ model: 'flat*', inputPerMillion: 3, outputPerMillion: 15, cacheWritePerMillion: 3.75 }),
  ]);
  // 1000 plain, 8000 read, 600 written for five minutes and 400 for an hour; 200 out.
  const usage = {
    inputTokens: 10_000,
    outputTokens: 200,
    totalTokens: 10_200,
    cacheReadTokens: 8_000,
    cacheWriteTokens: 1_000,
    cacheWrite1hTokens: 400,
  };

  it('charges reads, five-minute writes and one-hour writes each at its own price', () => {
    expect(anthropic.cost('anthropic', 'claude-x', usage)).toBeCloseTo(
      (1_000 * 3 + 8_000 * 0.3 + 600 * 3.75 + 400 * 6 + 200 * 15) / 1e6,
      12,
    );
  });

  it('charges one-hour writes at the write price when the row has no one-hour price', () => {
    expect(anthropic.cost('anthropic', 'flat-x', usage)).toBeCloseTo(
      (1_000 * 3 + 8_000 * 3 + 1_000 * 3.75 + 200 * 15) / 1e6,
      12,
    );
  });
});

describe('PriceTable web search prices', () => {
  it('adds the per-thousand search price for the searches the upstream ran (Anthropic: $10 per 1,000)', () => {
    const prices = new PriceTable([
      priceSchema.parse({ model: 'claude*', inputPerMillion: 3, outputPerMillion: 15, webSearchPerThousand: 10 }),
      priceSchema.parse({ model: 'free*', inputPerMillion: 3, outputPerMillion: 15 }),
    ]);
    // The recorded Anthropic answer: 8984 in, 520 out, one search.
    const usage = { inputTokens: 8984, outputTokens: 520, totalTokens: 9504, webSearchRequests: 1 };
    expect(prices.cost('p', 'claude-sonnet-4', usage)).toBeCloseTo((8984 * 3 + 520 * 15) / 1e6 + 0.01, 12);
    expect(prices.cost('p', 'claude-sonnet-4', { ...usage, webSearchRequests: 3 })).toBeCloseTo(
      (8984 * 3 + 520 * 15) / 1e6 + 0.03,
      12,
    );
    expect(prices.cost('p', 'free-model', usage)).toBeCloseTo((8984 * 3 + 520 * 15) / 1e6, 12);
  });
});
