import type { IrContentPart, IrMessage, IrResponse } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { openCarriers, withoutCarriers } from './open-carriers.js';
import { isCarrier } from './reasoning-carrier.js';
import { sealAnswer, type CarrierSealing } from './seal-answer.js';

const SEAL = { secret: 'a-secret-of-enough-length', keyId: 'team-a' };
const GEMINI_SIGNATURE = 'CiQB0e2Kb7Qd0f0aTq9vNfCUt3mJtC1aVjH6p8jW5ZkA0kV3e0o=';
const ANTHROPIC_SIGNATURE = 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxMmn6Ax1V7YZGLJpEiMJEvXq==';

function answer(content: IrContentPart[]): IrResponse {
  return {
    id: 'r1',
    model: 'm',
    created: 1,
    choices: [{ index: 0, content, finishReason: { unified: 'tool-calls', raw: 'tool_use' } }],
  };
}

/** A Gemini answer: a thought, then two parallel calls of which only the first is signed. */
const GEMINI_PARTS: IrContentPart[] = [
  { type: 'reasoning', text: 'Two cities, two calls.' },
  {
    type: 'tool-call',
    id: 'c1',
    name: 'weather',
    argumentsJson: '{"city":"Paris"}',
    opaque: { origin: 'gemini', kind: 'signature', data: GEMINI_SIGNATURE },
  },
  { type: 'tool-call', id: 'c2', name: 'weather', argumentsJson: '{"city":"Rome"}' },
];

/** What the caller sends back: its earlier answer as an assistant turn. */
function echo(response: IrResponse): IrMessage[] {
  return [
    { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
    { role: 'assistant', content: response.choices[0]?.content ?? [] },
  ];
}

function sealing(callerFamily: string, upstreamFamily: string): CarrierSealing {
  return { callerFamily, upstreamFamily, seal: SEAL };
}

describe('carriers for foreign reasoning', () => {
  it('an Anthropic caller gets a Gemini call signature in a thinking block before the call, and it opens back onto that call', () => {
    const sealed = sealAnswer(answer(GEMINI_PARTS), sealing('anthropic', 'gemini'));
    const content = sealed.choices[0]?.content ?? [];
    expect(content.map((part) => part.type)).toEqual(['reasoning', 'reasoning', 'tool-call', 'tool-call']);
    expect(content[1]).toMatchObject({
      type: 'reasoning',
      text: '',
      opaque: { origin: 'anthropic', kind: 'signature' },
    });
    expect(
      content
        .filter((part) => part.type === 'tool-call')
        .every((part) => part.type === 'tool-call' && part.opaque === undefined),
    ).toBe(true);
    const opened = openCarriers(echo(sealed), SEAL);
    expect(opened.warnings).toEqual([]);
    expect(opened.messages[1]?.content).toEqual([
      { type: 'reasoning', text: 'Two cities, two calls.' },
      ...GEMINI_PARTS.slice(1),
    ]);
  });

  it('a Gemini caller gets an Anthropic signature as a thought signature, and a redacted block too', () => {
    const parts: IrContentPart[] = [
      {
        type: 'reasoning',
        text: 'Let me think.',
        opaque: { origin: 'anthropic', kind: 'signature', data: ANTHROPIC_SIGNATURE },
      },
      {
        type: 'reasoning',
        text: '',
        opaque: { origin: 'anthropic', kind: 'redacted', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT' },
      },
      { type: 'text', text: 'Sunny.' },
    ];
    const sealed = sealAnswer(answer(parts), sealing('gemini', 'anthropic'));
    const content = sealed.choices[0]?.content ?? [];
    expect(content[0]).toMatchObject({
      type: 'reasoning',
      text: 'Let me think.',
      opaque: { origin: 'gemini', kind: 'signature' },
    });
    expect(content[1]).toMatchObject({ type: 'reasoning', text: '', opaque: { origin: 'gemini', kind: 'signature' } });
    expect(openCarriers(echo(sealed), SEAL).messages[1]?.content).toEqual(parts);
  });

  it('a Gemini caller keeps a call signature from another family on the call itself', () => {
    const parts: IrContentPart[] = [
      {
        type: 'tool-call',
        id: 'c1',
        name: 'f',
        argumentsJson: '{}',
        opaque: { origin: 'openai', kind: 'encrypted', data: 'gAAAA', itemId: 'rs_1' },
      },
    ];
    const content = sealAnswer(answer(parts), sealing('gemini', 'openai')).choices[0]?.content ?? [];
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({ type: 'tool-call', opaque: { origin: 'gemini' } });
  });

  it('a Responses caller gets encrypted content, with the reasoning item id kept inside', () => {
    const parts: IrContentPart[] = [
      { type: 'reasoning', text: 'Hm.', opaque: { origin: 'anthropic', kind: 'signature', data: ANTHROPIC_SIGNATURE } },
    ];
    const content = sealAnswer(answer(parts), sealing('openai', 'anthropic')).choices[0]?.content ?? [];
    expect(content[0]).toMatchObject({ opaque: { origin: 'openai', kind: 'encrypted' } });
  });

  it('visible reasoning without an artefact gets a carrier for Anthropic callers only; it opens to unsigned reasoning', () => {
    const parts: IrContentPart[] = [
      { type: 'reasoning', text: 'Thinking aloud.' },
      { type: 'text', text: 'Hi' },
    ];
    expect(sealAnswer(answer(parts), sealing('openai', 'openai')).choices[0]?.content).toEqual(parts);
    const sealed = sealAnswer(answer(parts), sealing('anthropic', 'openai'));
    const first = sealed.choices[0]?.content[0];
    expect(first?.type === 'reasoning' && first.opaque !== undefined && isCarrier(first.opaque.data)).toBe(true);
    expect(openCarriers(echo(sealed), SEAL).messages[1]?.content).toEqual(parts);
  });

  it('leaves the caller family’s own artefacts and gateway compaction items alone', () => {
    const parts: IrContentPart[] = [
      { type: 'reasoning', text: 'x', opaque: { origin: 'anthropic', kind: 'signature', data: ANTHROPIC_SIGNATURE } },
      { type: 'reasoning', text: '', opaque: { origin: 'interlingua', kind: 'encrypted', data: 'ilg1.abc' } },
    ];
    expect(sealAnswer(answer(parts), sealing('anthropic', 'anthropic')).choices[0]?.content).toEqual(parts);
  });

  it('removes, with a warning, a carrier sealed for another key or altered', () => {
    const sealed = sealAnswer(answer(GEMINI_PARTS), sealing('anthropic', 'gemini'));
    const opened = openCarriers(echo(sealed), { ...SEAL, keyId: 'team-b' });
    expect(opened.messages[1]?.content.map((part) => part.type)).toEqual(['tool-call', 'tool-call']);
    expect(opened.messages[1]?.content.some((part) => part.type === 'tool-call' && part.opaque !== undefined)).toBe(
      false,
    );
    expect(opened.warnings.map((w) => w.message)).toEqual([
      'a reasoning carrier that was sealed for another API key was removed',
      'a reasoning carrier that was sealed for another API key was removed',
    ]);
  });
});

describe('carriers on foreign function calls for Gemini callers', () => {
  it('the first call of a turn from another provider gets a bare carrier, which opens to an unsigned call', () => {
    const parts: IrContentPart[] = [
      { type: 'tool-call', id: 'c1', name: 'weather', argumentsJson: '{"city":"Paris"}' },
      { type: 'tool-call', id: 'c2', name: 'weather', argumentsJson: '{"city":"Rome"}' },
    ];
    const content = sealAnswer(answer(parts), sealing('gemini', 'anthropic')).choices[0]?.content ?? [];
    expect(content[0]).toMatchObject({ type: 'tool-call', opaque: { origin: 'gemini', kind: 'signature' } });
    expect(content[1]).toEqual(parts[1]);
    expect(openCarriers([{ role: 'assistant', content }], SEAL).messages[0]?.content).toEqual(parts);
  });

  it('calls from Gemini itself are left as they are', () => {
    const parts: IrContentPart[] = [{ type: 'tool-call', id: 'c1', name: 'weather', argumentsJson: '{}' }];
    expect(sealAnswer(answer(parts), sealing('gemini', 'gemini')).choices[0]?.content).toEqual(parts);
  });
});

describe('requests that replay nothing (token counts)', () => {
  it('lose every carrier and keep everything else', () => {
    const sealed = sealAnswer(answer(GEMINI_PARTS), sealing('anthropic', 'gemini'));
    const stripped = withoutCarriers(echo(sealed));
    expect(stripped[1]?.content).toEqual([
      { type: 'tool-call', id: 'c1', name: 'weather', argumentsJson: '{"city":"Paris"}' },
      { type: 'tool-call', id: 'c2', name: 'weather', argumentsJson: '{"city":"Rome"}' },
    ]);
    expect(stripped[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Weather?' }] });
  });
});

describe('carriers for chat callers (reasoning_details)', () => {
  it('every reasoning part gets one holding its text, which opens back with that text and artefact', () => {
    const parts: IrContentPart[] = [
      {
        type: 'reasoning',
        text: 'Let me think.',
        opaque: { origin: 'anthropic', kind: 'signature', data: ANTHROPIC_SIGNATURE },
      },
      { type: 'reasoning', text: 'Plain chat reasoning.' },
      { type: 'text', text: 'Sunny.' },
    ];
    const sealed = sealAnswer(answer(parts), sealing('openai-chat', 'anthropic'));
    const content = sealed.choices[0]?.content ?? [];
    expect(
      content
        .slice(0, 2)
        .every(
          (part) =>
            part.type === 'reasoning' && part.opaque?.origin === 'openai-chat' && part.opaque.kind === 'encrypted',
        ),
    ).toBe(true);
    // The chat codec sends the carriers back on parts without text (reasoning_content is apart).
    const echoed = content.map((part) => (part.type === 'reasoning' ? { ...part, text: '' } : part));
    expect(openCarriers([{ role: 'assistant', content: echoed }], SEAL).messages[0]?.content).toEqual(parts);
  });

  it('a Gemini call signature stays on its call (extra_content on the wire), and opens back onto it', () => {
    const sealed = sealAnswer(answer(GEMINI_PARTS), sealing('openai-chat', 'gemini'));
    const content = sealed.choices[0]?.content ?? [];
    expect(content.map((part) => part.type)).toEqual(['reasoning', 'tool-call', 'tool-call']);
    expect(content[1]).toMatchObject({ type: 'tool-call', id: 'c1', opaque: { origin: 'openai-chat' } });
    expect(content[2]).toEqual(GEMINI_PARTS[2]);
    const echoed = content.map((part) => (part.type === 'reasoning' ? { ...part, text: '' } : part));
    expect(openCarriers([{ role: 'assistant', content: echoed }], SEAL).messages[0]?.content).toEqual(GEMINI_PARTS);
  });
});

describe('the first call’s carrier for Gemini clients that drop thought parts', () => {
  const sealing: CarrierSealing = { callerFamily: 'gemini', upstreamFamily: 'openai', seal: SEAL };
  const encrypted = { origin: 'openai', kind: 'encrypted' as const, data: 'gAAAAABencrypted', itemId: 'rs_1' };
  const call: IrContentPart = { type: 'tool-call', id: 'c1', name: 'run', argumentsJson: '{"cmd":"ls"}' };

  it('holds the turn’s signed reasoning, which comes back before the call when the thought part is gone', () => {
    const sealed = sealAnswer(answer([{ type: 'reasoning', text: 'List first.', opaque: encrypted }, call]), sealing);
    const onlyTheCall = (sealed.choices[0]?.content ?? []).filter((part) => part.type === 'tool-call');
    expect(openCarriers([{ role: 'assistant', content: onlyTheCall }], SEAL).messages[0]?.content).toEqual([
      { type: 'reasoning', text: 'List first.', opaque: encrypted },
      call,
    ]);
  });

  it('adds nothing when the turn brought its reasoning back, or had none', () => {
    const sealed = sealAnswer(answer([{ type: 'reasoning', text: 'List first.', opaque: encrypted }, call]), sealing);
    expect(openCarriers([{ role: 'assistant', content: sealed.choices[0]?.content ?? [] }], SEAL).messages[0]).toEqual({
      role: 'assistant',
      content: [{ type: 'reasoning', text: 'List first.', opaque: encrypted }, call],
    });
    const bare = sealAnswer(answer([call]), sealing).choices[0]?.content ?? [];
    expect(openCarriers([{ role: 'assistant', content: bare }], SEAL).messages[0]?.content).toEqual([call]);
  });
});
