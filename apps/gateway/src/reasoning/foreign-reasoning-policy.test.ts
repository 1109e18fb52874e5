import type { IrContentPart, IrMessage } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { applyForeignReasoningPolicy } from './foreign-reasoning-policy.js';

const ANTHROPIC: IrContentPart = {
  type: 'reasoning',
  text: 'Claude thought.',
  opaque: { origin: 'anthropic', kind: 'signature', data: 'EqQB' },
};
const GEMINI_CALL: IrContentPart = {
  type: 'tool-call',
  id: 'c1',
  name: 'weather',
  argumentsJson: '{}',
  opaque: { origin: 'gemini', kind: 'signature', data: 'CiQB' },
};
const UNSIGNED: IrContentPart = { type: 'reasoning', text: 'Chat model thought.' };
const COMPACTION: IrContentPart = {
  type: 'reasoning',
  text: '',
  opaque: { origin: 'interlingua', kind: 'encrypted', data: 'ilg1.x' },
};

function turn(...content: IrContentPart[]): IrMessage[] {
  return [
    { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    { role: 'assistant', content },
  ];
}

describe('the foreign reasoning policy', () => {
  it('keeps the target family’s artefacts and compaction items untouched', () => {
    const messages = turn(ANTHROPIC, COMPACTION, { type: 'text', text: 'Hello' });
    const result = applyForeignReasoningPolicy(messages, 'anthropic', 'drop');
    expect(result.messages).toEqual(messages);
    expect(result.warnings).toEqual([]);
  });

  it("'drop' removes foreign reasoning and unsigned reasoning for Anthropic, and a foreign call signature, naming each", () => {
    const result = applyForeignReasoningPolicy(
      turn(
        { type: 'reasoning', text: 'Gemini thought.', opaque: { origin: 'gemini', kind: 'signature', data: 'CiQB' } },
        UNSIGNED,
        GEMINI_CALL,
      ),
      'anthropic',
      'drop',
    );
    expect(result.messages[1]?.content).toEqual([
      { type: 'tool-call', id: 'c1', name: 'weather', argumentsJson: '{}' },
    ]);
    expect(result.warnings).toEqual([
      {
        kind: 'dropped',
        field: 'messages[1].content[0]',
        message: 'reasoning from gemini (its signature) is not replayed to anthropic',
      },
      {
        kind: 'dropped',
        field: 'messages[1].content[1]',
        message: 'reasoning without a signature is not replayed to anthropic',
      },
      {
        kind: 'dropped',
        field: 'messages[1].content[2].opaque',
        message: "the gemini signature of tool call 'weather' is not sent to anthropic",
      },
    ]);
  });

  it("'drop' keeps visible text for OpenAI chat targets, without the artefact", () => {
    const result = applyForeignReasoningPolicy(turn(ANTHROPIC, UNSIGNED), undefined, 'drop');
    expect(result.messages[1]?.content).toEqual([{ type: 'reasoning', text: 'Claude thought.' }, UNSIGNED]);
    expect(result.warnings.map((w) => w.field)).toEqual(['messages[1].content[0].opaque']);
  });

  it("'text' sends the visible text of foreign reasoning as plain text", () => {
    const result = applyForeignReasoningPolicy(turn(ANTHROPIC, { type: 'text', text: 'Sunny.' }), 'gemini', 'text');
    expect(result.messages[1]?.content).toEqual([
      { type: 'text', text: 'Claude thought.' },
      { type: 'text', text: 'Sunny.' },
    ]);
    expect(result.warnings).toEqual([
      {
        kind: 'approximated',
        field: 'messages[1].content[0]',
        message: 'reasoning from anthropic (its signature) is sent to gemini as plain text',
      },
    ]);
  });
});
