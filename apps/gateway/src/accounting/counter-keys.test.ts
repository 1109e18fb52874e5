import { describe, expect, it } from 'vitest';
import { counterKey, RPM_COUNTER, TPM_COUNTER } from './counter-keys.js';
import { usageCounterKey } from './usage-ledger.js';
import { windowAt } from './usage-periods.js';

describe('counterKey', () => {
  const now = Date.UTC(2026, 10, 24, 12, 30, 15);

  it('spells each kind as the store has always held it', () => {
    const minute = windowAt('minute', now);
    expect(counterKey(RPM_COUNTER, 'alice', minute)).toBe(`rpm:alice:${minute.id}`);
    expect(counterKey(TPM_COUNTER, 'alice', minute)).toBe(`tpm:alice:${minute.id}`);
    expect(usageCounterKey('alice', 'day', windowAt('day', now), 'inputTokens')).toBe(
      'usage:alice:day:2026-11-24:inputTokens',
    );
    expect(usageCounterKey('alice', 'month', windowAt('month', now), 'costMicros')).toBe(
      'usage:alice:month:2026-11:costMicros',
    );
  });

  it('gives the next window its own key, and keeps names and kinds apart', () => {
    const first = windowAt('minute', now);
    const next = windowAt('minute', now + 60_000);
    expect(counterKey(RPM_COUNTER, 'bob', first)).not.toBe(counterKey(RPM_COUNTER, 'bob', next));
    expect(counterKey(RPM_COUNTER, 'bob', next)).toBe(`rpm:bob:${next.id}`);
    expect(counterKey(RPM_COUNTER, 'carol', next)).toBe(`rpm:carol:${next.id}`);
    expect(counterKey(TPM_COUNTER, 'bob', next)).toBe(`tpm:bob:${next.id}`);
    expect(counterKey(RPM_COUNTER, 'bob', first)).toBe(`rpm:bob:${first.id}`);
  });
});
