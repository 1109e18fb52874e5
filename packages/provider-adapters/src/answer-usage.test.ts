import type { IrUsage, StyleCodec } from '@interlingua/ir';
import { listRecordings, recordingJson } from '@interlingua/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codecFor } from './codecs.js';
import type { GenerationStyle } from './provider-adapter.js';

const GENERATION_STYLES: GenerationStyle[] = ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'];

/** What the full conversion says the usage is (none when the answer does not convert). */
function convertedUsage(codec: StyleCodec<unknown, unknown>, wire: unknown): IrUsage | undefined {
  try {
    return codec.response.toIr(wire).value.usage;
  } catch {
    return undefined;
  }
}

/** Odd values a field of an answer may hold instead of its usual one. */
const oddValue = fc.oneof(
  fc.constantFrom(
    null,
    'x',
    7,
    -1,
    1.5,
    true,
    [],
    {},
    [1],
    [{}],
    [{ type: 3 }],
    { type: 'text' },
    Number.POSITIVE_INFINITY,
  ),
  fc.record(
    { input_tokens: fc.oneof(fc.nat(), fc.string({ maxLength: 2 })), prompt_tokens: fc.nat() },
    { requiredKeys: [] },
  ),
);

describe.each(GENERATION_STYLES.map((style) => [style] as const))('%s answer usage reader', (style) => {
  const codec = codecFor(style);
  const answers = listRecordings(style, (row) => !row.streaming).map((recording) => recordingJson(recording));
  const readUsage = (wire: unknown): IrUsage | undefined => codec.response.usage?.(wire);

  it('reads the usage of every recorded answer that has one, equal to the full conversion', () => {
    const withUsage = answers.filter((answer) => convertedUsage(codec, answer) !== undefined);
    expect(withUsage.length).toBeGreaterThan(0);
    for (const answer of withUsage) expect(readUsage(answer)).toEqual(convertedUsage(codec, answer));
  });

  it('answers undefined (the caller converts the answer) for what is not an answer of the style', () => {
    for (const wire of [null, 'text', [], {}, { error: { message: 'x' } }]) expect(readUsage(wire)).toBeUndefined();
  });

  it('never disagrees with the full conversion when one field of a recorded answer is odd (property)', () => {
    const recorded = answers.filter((answer) => typeof answer === 'object' && answer !== null) as Array<
      Record<string, unknown>
    >;
    const field = fc.constantFrom(
      'id',
      'model',
      'type',
      'object',
      'created',
      'created_at',
      'status',
      'choices',
      'content',
      'output',
      'candidates',
      'usage',
      'usageMetadata',
      'error',
      'incomplete_details',
    );
    fc.assert(
      fc.property(fc.constantFrom(...recorded), field, oddValue, (answer, key, value) => {
        const wire = JSON.parse(JSON.stringify({ ...answer, [key]: value })) as unknown;
        const read = readUsage(wire);
        if (read !== undefined) expect(read).toEqual(convertedUsage(codec, wire));
      }),
      { numRuns: 300 },
    );
  });
});
