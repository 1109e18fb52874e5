import { describe, expect, it } from 'vitest';
import { openCompaction, sealCompaction } from './compaction-seal.js';

const SECRET = 'a-secret-of-enough-length';
const contents = { summary: 'The user wants a trip to Paris; weather checked: sunny.', model: 'chat/gpt-4o', created: 1_764_967_971 };

describe('compaction sealing', () => {
  it('seals as ilg1.<base64url> and opens again with the same secret', () => {
    const sealed = sealCompaction(contents, SECRET);
    expect(sealed).toMatch(/^ilg1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('Paris');
    expect(openCompaction(sealed, SECRET)).toEqual(contents);
  });

  it('uses a fresh IV each time', () => {
    expect(sealCompaction(contents, SECRET)).not.toBe(sealCompaction(contents, SECRET));
  });

  it('lays the bytes out as iv (12) | ciphertext | tag (16)', () => {
    const bytes = Buffer.from(sealCompaction(contents, SECRET).slice('ilg1.'.length), 'base64url');
    expect(bytes.length).toBe(12 + Buffer.byteLength(JSON.stringify(contents)) + 16);
  });

  it('refuses another secret, any altered byte, a truncated blob and a foreign prefix', () => {
    const sealed = sealCompaction(contents, SECRET);
    expect(openCompaction(sealed, 'another-secret-of-enough-length')).toBeUndefined();
    const bytes = Buffer.from(sealed.slice(5), 'base64url');
    for (const position of [0, 12, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[position] = (altered[position] ?? 0) ^ 1;
      expect(openCompaction(`ilg1.${altered.toString('base64url')}`, SECRET)).toBeUndefined();
    }
    expect(openCompaction('ilg1.AAAA', SECRET)).toBeUndefined();
    expect(openCompaction(sealed.replace('ilg1.', 'gAAA'), SECRET)).toBeUndefined();
  });
});
