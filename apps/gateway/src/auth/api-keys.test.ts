import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileKeys, findKey, hashSecret, keyAllowsModel, presentedKey, sha256 } from './api-keys.js';

describe('gateway keys', () => {
  const keys = compileKeys([
    { name: 'plain', secret: 'plain-secret-1', models: ['mock', 'openai/*'] },
    { name: 'hashed', secretHash: hashSecret('hashed-secret-2'), models: ['*'] },
  ]);

  it('finds keys given as secrets or as hashes and refuses others', () => {
    expect(findKey(keys, 'plain-secret-1')?.name).toBe('plain');
    expect(findKey(keys, 'hashed-secret-2')?.name).toBe('hashed');
    expect(findKey(keys, 'plain-secret-')).toBeUndefined();
  });

  it('accepts a previous secret as the same key until its time, then refuses it (compared against every key)', () => {
    const until = Date.UTC(2026, 0, 1);
    const [rotated] = compileKeys([
      {
        name: 'rotated',
        id: 'team-a',
        secret: 'new-secret-1',
        previousSecrets: [
          { secret: 'old-secret-1', until: new Date(until).toISOString() },
          { secretHash: hashSecret('older-secret-1'), until: new Date(until - 1).toISOString() },
        ],
        models: ['*'],
      },
    ]);
    const table = [rotated!, ...keys];
    expect(findKey(table, 'new-secret-1', until)?.id).toBe('cfg_team-a');
    expect(findKey(table, 'old-secret-1', until - 1)?.id).toBe('cfg_team-a');
    expect(findKey(table, 'older-secret-1', until - 2)?.id).toBe('cfg_team-a');
    expect(findKey(table, 'older-secret-1', until - 1)).toBeUndefined();
    expect(findKey(table, 'old-secret-1', until)).toBeUndefined();
    expect(findKey(table, 'new-secret-1', until + 1)?.id).toBe('cfg_team-a');
  });

  it('limits models by glob', () => {
    const plain = keys[0]!;
    expect(keyAllowsModel(plain, 'openai/gpt-4.1')).toBe(true);
    expect(keyAllowsModel(plain, 'anthropic/claude')).toBe(false);
  });

  it('reads Bearer, x-api-key, x-goog-api-key and ?key=', () => {
    const none = new URLSearchParams();
    expect(presentedKey({ authorization: 'Bearer abc' }, () => none)).toBe('abc');
    expect(presentedKey({ 'x-api-key': 'def' }, () => none)).toBe('def');
    expect(presentedKey({ 'x-goog-api-key': 'ghi' }, () => none)).toBe('ghi');
    expect(presentedKey({}, () => new URLSearchParams('key=jkl'))).toBe('jkl');
    expect(presentedKey({}, () => none)).toBeUndefined();
  });

  it('hashes any secret exactly as a Hash object does (the Latin-1 read-out loses no byte)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (secret) => {
        expect(sha256(secret).equals(createHash('sha256').update(secret).digest())).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
