import { describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { PriceTable } from './price-table.js';
import { unmatchedCostBudget, unmatchedCostBudgetWarnings } from './unmatched-cost-budgets.js';

const providers = [
  { id: 'oa', type: 'openai', apiKey: 'k' },
  { id: 'mock', type: 'mock' },
];
const models = [
  { name: 'mock', targets: [{ provider: 'mock' }] },
  { name: 'gpt', targets: [{ provider: 'oa', model: 'gpt-4o-mini' }] },
  { name: 'oa/*', targets: [{ provider: 'oa' }] },
];
const row = { model: 'gpt-4o-mini', provider: 'oa', inputPerMillion: 1, outputPerMillion: 2 };
const cost = [
  { period: 'day', tokens: 5 },
  { period: 'month', cost: 10 },
] as const;

describe('unmatchedCostBudget', () => {
  const config = configSchema.parse({ providers, models, priceCatalog: false });

  it('names the cost budget when no route the key may use has a price', () => {
    expect(unmatchedCostBudget(config, new PriceTable([]), [...cost])).toBe(1);
    expect(unmatchedCostBudget(config, new PriceTable([row]), [...cost], ['mock'])).toBe(1);
    expect(unmatchedCostBudget(config, new PriceTable([row]), [...cost], ['claude-*'])).toBe(1);
  });

  it('lets a cost budget be when one route the key may use is priced, or may be', () => {
    expect(unmatchedCostBudget(config, new PriceTable([row]), [...cost])).toBeUndefined();
    expect(unmatchedCostBudget(config, new PriceTable([row]), [...cost], ['gp*'])).toBeUndefined();
    // A pass-through route is priced by the caller's model: a row for its provider may match it.
    expect(unmatchedCostBudget(config, new PriceTable([row]), [...cost], ['oa/gpt-*'])).toBeUndefined();
    expect(unmatchedCostBudget(config, new PriceTable([]), [{ period: 'day', tokens: 5 }])).toBeUndefined();
    expect(unmatchedCostBudget(config, new PriceTable([]), undefined)).toBeUndefined();
  });
});

describe('unmatchedCostBudgetWarnings', () => {
  it("warns of a config key's cost budget that can match no traffic, by path", () => {
    const key = { name: 'k', secret: 'secret-value-1', budgets: [...cost] };
    const unpriced = configSchema.parse({ providers, models, priceCatalog: false, keys: [key] });
    expect(unmatchedCostBudgetWarnings(unpriced)).toEqual([
      expect.stringMatching(/^keys\[0\]\.budgets\[1\]\.cost: no route this key may use has a price/),
    ]);
    const priced = configSchema.parse({ providers, models, keys: [key] });
    expect(unmatchedCostBudgetWarnings(priced)).toEqual([]);
  });
});
