import type { IrContentPart, IrOpaque } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { openCarriers } from './open-carriers.js';
import { sealCarrier } from './reasoning-carrier.js';

const SEAL = { secret: 'a-secret-of-enough-length', keyId: 'team-a' };
const ANTHROPIC_SIGNATURE: IrOpaque = { origin: 'anthropic', kind: 'signature', data: 'EqSignedForTheWholeText' };
const REDACTED: IrOpaque = { origin: 'anthropic', kind: 'redacted', data: 'EmRedacted' };
const CALL: IrContentPart = { type: 'tool-call', id: 'c1', name: 'weather', argumentsJson: '{"city":"Paris"}' };

/** A carrier in the field of a caller of `family`, holding `opaque`. */
function carrier(family: string, opaque: IrOpaque): IrOpaque {
  return { origin: family, kind: 'signature', data: sealCarrier({ origin: opaque.origin, opaque }, SEAL) };
}

function opened(content: IrContentPart[]): IrContentPart[] | undefined {
  return openCarriers([{ role: 'assistant', content }], SEAL).messages[0]?.content;
}

describe('opening carriers', () => {
  it('a Gemini caller’s streamed thought (fragments, then the carrier on an empty part) goes back as one signed reasoning part', () => {
    const content: IrContentPart[] = [
      { type: 'reasoning', text: 'Step 0: the weather ' },
      { type: 'reasoning', text: 'is needed.' },
      { type: 'reasoning', text: '', opaque: carrier('gemini', ANTHROPIC_SIGNATURE) },
      CALL,
    ];
    expect(opened(content)).toEqual([
      { type: 'reasoning', text: 'Step 0: the weather is needed.', opaque: ANTHROPIC_SIGNATURE },
      CALL,
    ]);
  });

  it('gathers only the fragments right before the carrier, and none for redacted reasoning', () => {
    const content: IrContentPart[] = [
      { type: 'reasoning', text: 'Signed ' },
      { type: 'reasoning', text: '', opaque: carrier('gemini', ANTHROPIC_SIGNATURE) },
      { type: 'reasoning', text: 'unsigned' },
      { type: 'reasoning', text: '', opaque: carrier('gemini', REDACTED) },
      CALL,
    ];
    expect(opened(content)).toEqual([
      { type: 'reasoning', text: 'Signed ', opaque: ANTHROPIC_SIGNATURE },
      { type: 'reasoning', text: 'unsigned' },
      { type: 'reasoning', text: '', opaque: REDACTED },
      CALL,
    ]);
  });

  it('leaves a whole thought with its carrier as it is, and reasoning of other callers’ styles ungathered', () => {
    const whole: IrContentPart[] = [
      { type: 'reasoning', text: 'Step 0.', opaque: carrier('gemini', ANTHROPIC_SIGNATURE) },
      CALL,
    ];
    expect(opened(whole)).toEqual([{ type: 'reasoning', text: 'Step 0.', opaque: ANTHROPIC_SIGNATURE }, CALL]);
    const gemini: IrOpaque = { origin: 'gemini', kind: 'signature', data: 'CiSignedText' };
    const otherStyle: IrContentPart[] = [
      { type: 'reasoning', text: 'Apart.' },
      { type: 'reasoning', text: '', opaque: carrier('anthropic', gemini) },
    ];
    expect(opened(otherStyle)).toEqual([
      { type: 'reasoning', text: 'Apart.' },
      { type: 'reasoning', text: '', opaque: gemini },
    ]);
  });
});
