import { describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { unpricedRouteWarnings } from './unpriced-routes.js';

describe('unpricedRouteWarnings', () => {
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
    expect(unpricedRouteWarnings(config)).toEqual([
      expect.stringMatching(
        /^models\[1\]\.targets\[0\]: no pricing row and no catalog price for oa model "gpt-nonexistent-9"/,
      ),
      expect.stringMatching(/^models\[2\]\.targets\[0\]: .*"llama3"/),
    ]);
  });
});
