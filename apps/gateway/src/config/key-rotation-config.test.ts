import { describe, expect, it } from 'vitest';
import { responsesSchema } from './responses-schema.js';
import { configWarnings } from './config-warnings.js';
import { ConfigError, parseConfigText } from './load-config.js';

/** A config file text with these keys, the mock provider and its route. */
function configText(keys: unknown[]): string {
  return JSON.stringify({
    keys,
    providers: [{ id: 'mock', type: 'mock' }],
    models: [{ name: 'mock', targets: [{ provider: 'mock' }] }],
  });
}

function problemsOf(keys: unknown[]): string[] {
  try {
    parseConfigText(configText(keys), 'gateway.json', {});
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('a config key with previous secrets (rotation)', () => {
  it('is accepted with an id, and a previous secret whose time has passed is warned about', () => {
    const config = parseConfigText(
      configText([
        {
          name: 'team',
          id: 'team',
          secret: 'new-secret-1',
          previousSecrets: [
            { secret: 'old-secret-1', until: '2999-01-01T00:00:00Z' },
            { secret: 'ended-secret-1', until: '2000-01-01T00:00:00Z' },
          ],
        },
      ]),
      'gateway.json',
      {},
    );
    expect(configWarnings(config)).toEqual([
      expect.stringMatching(/^keys\[0\]\.previousSecrets\[1\]\.until: 2000-01-01T00:00:00Z has passed/),
    ]);
  });

  it('explains the mistakes: no id, no end, both or neither secret forms, a secret used twice', () => {
    const until = '2999-01-01T00:00:00Z';
    expect(
      problemsOf([{ name: 'a', secret: 'new-secret-1', previousSecrets: [{ secret: 'old-secret-1', until }] }]),
    ).toEqual([expect.stringMatching(/^keys\[0\]\.id: a key with previousSecrets needs an id/)]);
    const shapes = problemsOf([
      { name: 'a', id: 'a', secret: 'new-secret-1', previousSecrets: [{ secret: 'old-secret-1' }] },
      { name: 'b', id: 'b', secret: 'new-secret-2', previousSecrets: [{ until }] },
    ]);
    expect(shapes.join('\n')).toMatch(/keys\[0\]\.previousSecrets\[0\]\.until/);
    expect(shapes.join('\n')).toMatch(/keys\[1\]\.previousSecrets\[0\].*give exactly one of secret or secretHash/);
    expect(
      problemsOf([
        { name: 'a', id: 'a', secret: 'new-secret-1', previousSecrets: [{ secret: 'shared-secret', until }] },
        { name: 'b', id: 'b', secret: 'shared-secret' },
      ]),
    ).toEqual(['keys[1]: the same secret as keys[0].previousSecrets[0]; each secret may belong to one key, once']);
  });
});

describe('the compaction secret keyring', () => {
  it('reads a list as newest first, and secret with previousSecrets alike', () => {
    const list = responsesSchema.parse({ compaction: { secret: ['newest-secret-0001', 'older-secret-00002'] } });
    expect(list.compaction).toEqual({ secret: 'newest-secret-0001', previousSecrets: ['older-secret-00002'] });
    const split = responsesSchema.parse({
      compaction: { secret: 'newest-secret-0001', previousSecrets: ['older-secret-00002'] },
    });
    expect(split.compaction).toEqual(list.compaction);
    expect(responsesSchema.parse({}).compaction).toEqual({ previousSecrets: [] });
    expect(responsesSchema.safeParse({ compaction: { previousSecrets: ['older-secret-00002'] } }).success).toBe(false);
    expect(responsesSchema.safeParse({ compaction: { secret: [] } }).success).toBe(false);
  });
});
