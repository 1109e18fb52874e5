import { describe, expect, it } from 'vitest';
import { configSchema } from './config-schema.js';
import { configWarnings } from './config-warnings.js';

describe('configWarnings', () => {
  it('names settings that cannot work as meant, by path', () => {
    const config = configSchema.parse({
      keys: [
        {
          name: 'k',
          secret: 'secret-value-1',
          budgets: [
            { period: 'day', tokens: 5 },
            { period: 'month', cost: 10 },
          ],
        },
      ],
      providers: [{ id: 'mock', type: 'mock' }],
      pricing: [],
      priceCatalog: false,
      streams: { firstEventKeepAliveMs: 200 },
    });
    expect(configWarnings(config)).toEqual([expect.stringMatching(/^streams\.firstEventKeepAliveMs/)]);
    const priced = configSchema.parse({
      providers: [{ id: 'mock', type: 'mock' }],
      pricing: [{ model: 'm', provider: 'nope', inputPerMillion: 1, outputPerMillion: 1 }],
    });
    expect(configWarnings(priced)).toEqual([
      expect.stringMatching(/^pricing\[0\]\.provider: no provider with id "nope"/),
    ]);
    expect(configWarnings(configSchema.parse({}))).toEqual([]);
  });
});
