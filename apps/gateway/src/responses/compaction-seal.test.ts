import { describe, expect, it } from 'vitest';
import { openCompaction, sealCompaction } from './compaction-seal.js';

const SEAL = { secret: 'a-secret-of-enough-length', keyId: 'team-a' };
const contents = {
  summary: 'The user wants a trip to Paris; weather checked: sunny.',
  model: 'chat/gpt-4o',
  created: 1_764_967_971,
};

describe('compaction sealing', () => {
  it('seals as ilg1.<base64url> and opens again with the same secret and key', () => {
    const sealed = sealCompaction(contents, SEAL);
    expect(sealed).toMatch(/^ilg1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('Paris');
    expect(openCompaction(sealed, SEAL)).toEqual({ ok: true, contents });
  });

  it('uses a fresh IV each time', () => {
    expect(sealCompaction(contents, SEAL)).not.toBe(sealCompaction(contents, SEAL));
  });

  it('lays the bytes out as key binding (8) | iv (12) | ciphertext | tag (16), the binding naming no key', () => {
    const bytes = Buffer.from(sealCompaction(contents, SEAL).slice('ilg1.'.length), 'base64url');
    expect(bytes.length).toBe(8 + 12 + Buffer.byteLength(JSON.stringify(contents)) + 16);
    expect(bytes.includes(Buffer.from('team-a'))).toBe(false);
  });

  it('refuses an item sealed for another key, and says so', () => {
    const sealed = sealCompaction(contents, SEAL);
    expect(openCompaction(sealed, { ...SEAL, keyId: 'team-b' })).toEqual({ ok: false, reason: 'other-key' });
  });

  it('refuses a binding swapped for another key’s (it is authenticated)', () => {
    const mine = Buffer.from(sealCompaction(contents, SEAL).slice(5), 'base64url');
    const theirs = Buffer.from(sealCompaction(contents, { ...SEAL, keyId: 'team-b' }).slice(5), 'base64url');
    const swapped = Buffer.concat([theirs.subarray(0, 8), mine.subarray(8)]);
    expect(openCompaction(`ilg1.${swapped.toString('base64url')}`, { ...SEAL, keyId: 'team-b' })).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('refuses another secret, any altered byte, a truncated blob and a foreign prefix', () => {
    const sealed = sealCompaction(contents, SEAL);
    const unreadable = { ok: false, reason: 'unreadable' };
    expect(openCompaction(sealed, { ...SEAL, secret: 'another-secret-of-enough-length' })).toEqual(unreadable);
    const bytes = Buffer.from(sealed.slice(5), 'base64url');
    for (const position of [8, 20, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[position] = (altered[position] ?? 0) ^ 1;
      expect(openCompaction(`ilg1.${altered.toString('base64url')}`, SEAL)).toEqual(unreadable);
    }
    expect(openCompaction('ilg1.AAAA', SEAL)).toEqual(unreadable);
    expect(openCompaction(sealed.replace('ilg1.', 'gAAA'), SEAL)).toEqual(unreadable);
  });
});
