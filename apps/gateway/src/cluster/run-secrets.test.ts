import { describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { runSecrets } from './run-secrets.js';

const bare = configSchema.parse({ keys: [{ name: 'k', secret: 'k-secret-k-secret' }] });

describe('runSecrets', () => {
  it('gives every config of the run one compaction secret, made once and said once', () => {
    const said: string[] = [];
    const fill = runSecrets((message) => said.push(message));
    const first = fill(bare).responses.compaction.secret;
    const reloaded = fill(configSchema.parse({ keys: [{ name: 'other', secret: 'other-secret-123' }] })).responses
      .compaction.secret;
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(reloaded).toBe(first);
    expect(said).toHaveLength(1);
    expect(bare.responses.compaction.secret).toBeUndefined();
  });

  it('keeps a configured secret, and a second run makes another', () => {
    const configured = configSchema.parse({ responses: { compaction: { secret: 'configured-secret-0123' } } });
    expect(runSecrets(() => undefined)(configured).responses.compaction.secret).toBe('configured-secret-0123');
    expect(runSecrets(() => undefined)(bare).responses.compaction.secret).not.toBe(
      runSecrets(() => undefined)(bare).responses.compaction.secret,
    );
  });
});
