import { describe, expect, it } from 'vitest';
import { mustOpenCarriers, type ReasoningContext } from './reasoning-call.js';
import { sealCarrier } from './reasoning-carrier.js';

const SEAL = { secret: 'a-secret-of-enough-length', keyId: 'team-a' };

function context(): ReasoningContext {
  return {
    seal: SEAL,
    policy: 'drop',
    callerWire: 'anthropic-messages',
    callerBody: {},
    carriers: { sealed: 0, opened: 0, dropped: 0 },
  };
}

const withCarrier = (): Buffer =>
  Buffer.from(
    JSON.stringify({
      messages: [
        {
          role: 'assistant',
          content: [{ type: 'thinking', thinking: 'Hm.', signature: sealCarrier({ origin: 'gemini' }, SEAL) }],
        },
      ],
    }),
  );
const plain = Buffer.from('{"messages":[{"role":"user","content":"Hi"}]}');

describe('mustOpenCarriers', () => {
  it('says whether a body may hold carriers', () => {
    expect(mustOpenCarriers({ rawBody: withCarrier(), reasoning: context() })).toBe(true);
    expect(mustOpenCarriers({ rawBody: plain, reasoning: context() })).toBe(false);
  });

  it('scans the body of a call once: later attempts read the answer kept in its reasoning context', () => {
    const call = { rawBody: withCarrier(), reasoning: context() };
    expect(mustOpenCarriers(call)).toBe(true);
    expect(call.reasoning.bodyMayHoldCarrier).toBe(true);
    call.rawBody = plain;
    expect(mustOpenCarriers(call)).toBe(true);
  });

  it('scans every time when the call has no reasoning context', () => {
    const call: { rawBody: Buffer } = { rawBody: withCarrier() };
    expect(mustOpenCarriers(call)).toBe(true);
    call.rawBody = plain;
    expect(mustOpenCarriers(call)).toBe(false);
  });
});
