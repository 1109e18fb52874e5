import type { IrStreamEvent } from '@interlingua/ir';
import { createResponseAccumulator } from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
import { openCarriers } from './open-carriers.js';
import { sealAnswer } from './seal-answer.js';
import { CarrierStreamSealer } from './seal-stream.js';

const SEAL = { secret: 'a-secret-of-enough-length', keyId: 'team-a' };
const SIGNATURE = 'CiQB0e2Kb7Qd0f0aTq9vNfCUt3mJtC1aVjH6p8jW5ZkA0kV3e0o=';

const GEMINI_STREAM: IrStreamEvent[] = [
  { type: 'response-start', id: 'r1', model: 'gemini-3-pro', created: 1 },
  { type: 'reasoning-start', index: 0 },
  { type: 'reasoning-delta', index: 0, delta: 'Two cities.' },
  { type: 'reasoning-end', index: 0 },
  {
    type: 'tool-call-start',
    index: 1,
    id: 'c1',
    name: 'weather',
    opaque: { origin: 'gemini', kind: 'signature', data: SIGNATURE },
  },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '{"city":"Paris"}' },
  { type: 'tool-call-end', index: 1 },
  { type: 'tool-call-start', index: 2, id: 'c2', name: 'weather' },
  { type: 'tool-call-delta', index: 2, argumentsDelta: '{"city":"Rome"}' },
  { type: 'tool-call-end', index: 2 },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'STOP' } },
];

function accumulate(events: IrStreamEvent[]) {
  const accumulator = createResponseAccumulator();
  for (const event of events) accumulator.push(event);
  return accumulator.result();
}

describe('sealing a streamed answer', () => {
  it('an Anthropic caller gets the call signature in a carrier block before the call; indexes stay unique and increasing', () => {
    const sealing = { callerFamily: 'anthropic', upstreamFamily: 'gemini', seal: SEAL };
    const sealer = new CarrierStreamSealer(sealing);
    const out = GEMINI_STREAM.flatMap((event) => sealer.push([event]));
    const starts = out.flatMap((event) => (event.type.endsWith('-start') && 'index' in event ? [event.index] : []));
    expect(starts).toEqual([0, 1, 2, 3]);
    const streamed = accumulate(out);
    const buffered = sealAnswer(accumulate(GEMINI_STREAM), sealing);
    expect(streamed.choices[0]?.content.map((part) => part.type)).toEqual(
      buffered.choices[0]?.content.map((part) => part.type),
    );
    const opened = openCarriers([{ role: 'assistant', content: streamed.choices[0]?.content ?? [] }], SEAL);
    expect(opened.messages[0]?.content).toEqual(accumulate(GEMINI_STREAM).choices[0]?.content);
  });

  it('passes events whose block index stays as they are, and copies those after an inserted carrier block', () => {
    const sealer = new CarrierStreamSealer({ callerFamily: 'anthropic', upstreamFamily: 'gemini', seal: SEAL });
    const before = GEMINI_STREAM.slice(0, 3);
    const out = sealer.push(before);
    expect(out).toHaveLength(before.length);
    out.forEach((event, i) => expect(event).toBe(before[i]));
    const after = sealer.push(GEMINI_STREAM.slice(3));
    const delta = after.find((event) => event.type === 'tool-call-delta');
    expect(delta).toEqual({ type: 'tool-call-delta', index: 2, argumentsDelta: '{"city":"Paris"}' });
    expect(GEMINI_STREAM[5]).toEqual({ type: 'tool-call-delta', index: 1, argumentsDelta: '{"city":"Paris"}' });
  });

  it('a Gemini caller keeps the signature on the call, sealed', () => {
    const sealer = new CarrierStreamSealer({ callerFamily: 'gemini', upstreamFamily: 'anthropic', seal: SEAL });
    const anthropic: IrStreamEvent[] = [
      { type: 'reasoning-start', index: 0 },
      { type: 'reasoning-delta', index: 0, delta: 'Hm.' },
      {
        type: 'reasoning-signature',
        index: 0,
        opaque: { origin: 'anthropic', kind: 'signature', data: 'EqQBCgIYAhIM' },
      },
      { type: 'reasoning-end', index: 0 },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'end_turn' } },
    ];
    const out = sealer.push(anthropic);
    expect(out.map((event) => event.type)).toEqual([
      'reasoning-start',
      'reasoning-delta',
      'reasoning-signature',
      'reasoning-end',
      'finish',
    ]);
    const opened = openCarriers([{ role: 'assistant', content: accumulate(out).choices[0]?.content ?? [] }], SEAL);
    expect(opened.messages[0]?.content).toEqual([
      { type: 'reasoning', text: 'Hm.', opaque: { origin: 'anthropic', kind: 'signature', data: 'EqQBCgIYAhIM' } },
    ]);
  });

  it('a Gemini caller that drops thought parts (Gemini CLI) still brings the turn’s signed thinking back on the first call', () => {
    const sealer = new CarrierStreamSealer({ callerFamily: 'gemini', upstreamFamily: 'anthropic', seal: SEAL });
    const signature = { origin: 'anthropic', kind: 'signature' as const, data: 'EqQBCgIYAhIM' };
    const out = sealer.push([
      { type: 'reasoning-start', index: 0 },
      { type: 'reasoning-delta', index: 0, delta: 'Read the file first.' },
      { type: 'reasoning-signature', index: 0, opaque: signature },
      { type: 'reasoning-end', index: 0 },
      { type: 'tool-call-start', index: 1, id: 'toolu_1', name: 'read_file' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"path":"notes.txt"}' },
      { type: 'tool-call-end', index: 1 },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' } },
    ]);
    const content = accumulate(out).choices[0]?.content ?? [];
    const withoutThoughts = content.filter((part) => part.type !== 'reasoning');
    const opened = openCarriers([{ role: 'assistant', content: withoutThoughts }], SEAL);
    expect(opened.messages[0]?.content).toEqual([
      { type: 'reasoning', text: 'Read the file first.', opaque: signature },
      { type: 'tool-call', id: 'toolu_1', name: 'read_file', argumentsJson: '{"path":"notes.txt"}' },
    ]);
    // A caller that kept its thought parts gets the thinking once, not twice.
    const kept = openCarriers([{ role: 'assistant', content }], SEAL).messages[0]?.content ?? [];
    expect(kept.filter((part) => part.type === 'reasoning')).toEqual([
      { type: 'reasoning', text: 'Read the file first.', opaque: signature },
    ]);
  });

  it('passes the caller family’s own signatures through at once', () => {
    const sealer = new CarrierStreamSealer({ callerFamily: 'anthropic', upstreamFamily: 'anthropic', seal: SEAL });
    const events: IrStreamEvent[] = [
      { type: 'reasoning-start', index: 0 },
      { type: 'reasoning-delta', index: 0, delta: 'Hm.' },
      {
        type: 'reasoning-signature',
        index: 0,
        opaque: { origin: 'anthropic', kind: 'signature', data: 'EqQBCgIYAhIM' },
      },
      { type: 'reasoning-end', index: 0 },
    ];
    expect(sealer.push(events)).toEqual(events);
  });
});

describe('a signature for a block the sealer did not see start', () => {
  it('is sealed at once, not lost', () => {
    const sealer = new CarrierStreamSealer({ callerFamily: 'anthropic', upstreamFamily: 'gemini', seal: SEAL });
    const [event] = sealer.push([
      { type: 'reasoning-signature', index: 4, opaque: { origin: 'gemini', kind: 'signature', data: SIGNATURE } },
    ]);
    expect(event).toMatchObject({
      type: 'reasoning-signature',
      index: 4,
      opaque: { origin: 'anthropic', kind: 'signature' },
    });
    const opened = openCarriers(
      [
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: '', opaque: event?.type === 'reasoning-signature' ? event.opaque : undefined },
          ],
        },
      ],
      SEAL,
    );
    expect(opened.messages[0]?.content).toEqual([
      { type: 'reasoning', text: '', opaque: { origin: 'gemini', kind: 'signature', data: SIGNATURE } },
    ]);
  });
});
