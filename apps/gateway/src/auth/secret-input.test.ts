import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { hashSecret } from './api-keys.js';
import { MAX_SECRET_INPUT_BYTES, secretFromInput } from './secret-input.js';

describe('secretFromInput (interlingua hash-key without an argument)', () => {
  it('hashes what arrives on the input as the argument would, with or without a final line break', async () => {
    const fromArgument = hashSecret('my-gateway-key');
    for (const sent of [['my-gateway-key'], ['my-gateway-key\n'], ['my-', 'gateway', '-key\r\n']])
      expect(hashSecret(await secretFromInput(Readable.from(sent.map((part) => Buffer.from(part)))))).toBe(
        fromArgument,
      );
  });

  it('keeps a secret of several characters and inner line breaks whole', async () => {
    expect(await secretFromInput(Readable.from(['clé\nsecrète ✓\n']))).toBe('clé\nsecrète ✓');
  });

  it('refuses an empty input and one past the bound', async () => {
    await expect(secretFromInput(Readable.from(['\n']))).rejects.toThrow('no secret on standard input');
    await expect(secretFromInput(Readable.from([]))).rejects.toThrow('no secret on standard input');
    const long = Buffer.alloc(MAX_SECRET_INPUT_BYTES + 1, 'a');
    await expect(secretFromInput(Readable.from([long]))).rejects.toThrow(`longer than ${MAX_SECRET_INPUT_BYTES} bytes`);
  });
});
