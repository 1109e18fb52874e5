import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyMayHoldCarrier, CARRIER_PREFIX, isCarrier, openCarrier, sealCarrier } from './reasoning-carrier.js';

const SEAL = { secret: 'a-secret-of-enough-length', keyId: 'team-a' };
const SIGNATURE =
  'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxMmn6Ax1V7YZGLJpEiMJEvXqIt1PVH5o3l9NbmTCfCXLk+0Y7IxMpAaRIyCZ5xGx0GJaOodaPXkh6pdRTHjSoQfrwoGbi0TMUaZ1D+1VGfHAE=';

describe('reasoning carriers', () => {
  it('are plain base64 that starts with the carrier prefix, and open to what was sealed', () => {
    const contents = {
      origin: 'gemini',
      opaque: { origin: 'gemini', kind: 'signature' as const, data: SIGNATURE },
      toolCall: true,
    };
    const carrier = sealCarrier(contents, SEAL);
    expect(carrier.startsWith(CARRIER_PREFIX)).toBe(true);
    expect(Buffer.from(carrier, 'base64').toString('base64')).toBe(carrier);
    expect(carrier).not.toContain(SIGNATURE.slice(0, 12));
    expect(openCarrier(carrier, SEAL)).toEqual({ ok: true, contents });
  });

  it('keep any artefact byte for byte (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('signature', 'encrypted', 'redacted'),
        fc.option(fc.string(), { nil: undefined }),
        (data, kind, itemId) => {
          const opaque = { origin: 'openai', kind, data, ...(itemId === undefined ? {} : { itemId }) } as const;
          const opened = openCarrier(sealCarrier({ origin: 'openai', opaque }, SEAL), SEAL);
          expect(opened).toEqual({ ok: true, contents: { origin: 'openai', opaque } });
        },
      ),
      { numRuns: 50 },
    );
  });

  it('open only under the key and secret that sealed them', () => {
    const carrier = sealCarrier({ origin: 'anthropic' }, SEAL);
    expect(openCarrier(carrier, { ...SEAL, keyId: 'team-b' })).toEqual({ ok: false, reason: 'other-key' });
    expect(openCarrier(carrier, { ...SEAL, secret: 'another-secret-of-enough-length' })).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('refuse any altered byte, a cut carrier and values that are no carrier', () => {
    const carrier = sealCarrier({ origin: 'anthropic' }, SEAL);
    const bytes = Buffer.from(carrier, 'base64');
    for (const position of [6, 20, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[position] = (altered[position] ?? 0) ^ 1;
      expect(openCarrier(altered.toString('base64'), SEAL)).toEqual({ ok: false, reason: 'unreadable' });
    }
    expect(openCarrier(carrier.slice(0, 20), SEAL)).toEqual({ ok: false, reason: 'unreadable' });
    expect(openCarrier(SIGNATURE, SEAL)).toEqual({ ok: false, reason: 'unreadable' });
    expect(isCarrier(SIGNATURE)).toBe(false);
  });

  it('are found in a raw body by a byte scan', () => {
    const carrier = sealCarrier({ origin: 'anthropic' }, SEAL);
    expect(
      bodyMayHoldCarrier(
        Buffer.from(JSON.stringify({ messages: [{ content: [{ type: 'thinking', signature: carrier }] }] })),
      ),
    ).toBe(true);
    expect(
      bodyMayHoldCarrier(
        Buffer.from(JSON.stringify({ messages: [{ content: [{ type: 'thinking', signature: SIGNATURE }] }] })),
      ),
    ).toBe(false);
  });

  it('are found by the byte scan exactly where the whole prefix is, at any place, after any near miss', () => {
    const tail = CARRIER_PREFIX.slice(1);
    expect(bodyMayHoldCarrier(Buffer.from(CARRIER_PREFIX))).toBe(true);
    expect(bodyMayHoldCarrier(Buffer.from(`${tail}x`))).toBe(false);
    expect(bodyMayHoldCarrier(Buffer.from(`x${tail} ${tail}i${tail}`))).toBe(true);
    expect(bodyMayHoldCarrier(Buffer.from(`I${tail}, i${tail.slice(0, -1)}`))).toBe(false);
    const pieces = fc.constantFrom(CARRIER_PREFIX, tail, CARRIER_PREFIX.slice(0, -1), 'i', 'L', '"', ' ', 'é', 'x');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const raw = Buffer.from(parts.join(''));
        expect(bodyMayHoldCarrier(raw)).toBe(raw.includes(CARRIER_PREFIX));
      }),
      { numRuns: 300 },
    );
  });
});
