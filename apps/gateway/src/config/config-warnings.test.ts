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
    expect(configWarnings(config)).toEqual([
      expect.stringMatching(/^keys\[0\]\.budgets\[1\]\.cost: the pricing table is empty/),
      expect.stringMatching(/^streams\.firstEventKeepAliveMs/),
    ]);
    const priced = configSchema.parse({
      providers: [{ id: 'mock', type: 'mock' }],
      pricing: [{ model: 'm', provider: 'nope', inputPerMillion: 1, outputPerMillion: 1 }],
    });
    expect(configWarnings(priced)).toEqual([
      expect.stringMatching(/^pricing\[0\]\.provider: no provider with id "nope"/),
    ]);
    expect(configWarnings(configSchema.parse({}))).toEqual([]);
  });

  it('names route targets that neither a pricing row nor the catalog prices', () => {
    const config = configSchema.parse({
      providers: [
        { id: 'oa', type: 'openai', apiKey: 'k' },
        { id: 'local', type: 'ollama' },
      ],
      models: [
        { name: 'known', targets: [{ provider: 'oa', model: 'gpt-4o-mini' }] },
        { name: 'made-up', targets: [{ provider: 'oa', model: 'gpt-nonexistent-9' }] },
        { name: 'llama', targets: [{ provider: 'local', model: 'llama3' }] },
        { name: 'oa/*', targets: [{ provider: 'oa' }] },
      ],
    });
    expect(configWarnings(config)).toEqual([
      expect.stringMatching(
        /^models\[1\]\.targets\[0\]: no pricing row and no catalog price for oa model "gpt-nonexistent-9"/,
      ),
      expect.stringMatching(/^models\[2\]\.targets\[0\]: .*"llama3"/),
    ]);
  });
});
