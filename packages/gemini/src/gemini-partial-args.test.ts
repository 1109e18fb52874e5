import type { IrToolCallPart } from '@interlingua/ir';
import { accumulateResponse, runMachineSync } from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
import { parseArgPath } from './gemini-partial-args.js';
import { createGeminiChunkDecoder } from './gemini-stream-decoder.js';
import { geminiCodec } from './index.js';

/** One streamed chunk holding `parts`, in the envelope Gemini sends. */
const chunk = (parts: unknown[], finishReason?: string): Record<string, unknown> => ({
  candidates: [{ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) }],
  modelVersion: 'gemini-3-pro-preview',
  responseId: 'QUVVadTSNJ6_qtsPvN7J8Q0',
});

/** A call whose arguments arrive in pieces, as Vertex streams them with `streamFunctionCallArguments`. */
const PIECES: unknown[] = [
  { functionCall: { name: 'get_weather', willContinue: true }, thoughtSignature: 'c2ln' },
  {
    functionCall: {
      partialArgs: [{ jsonPath: '$.location', stringValue: 'Bos', willContinue: true }],
      willContinue: true,
    },
  },
  { functionCall: { partialArgs: [{ jsonPath: '$.location', stringValue: 'ton, MA' }], willContinue: true } },
  {
    functionCall: {
      partialArgs: [
        { jsonPath: '$.days', numberValue: 3 },
        { jsonPath: '$.options.metric', boolValue: true },
        { jsonPath: '$.tags[0]', stringValue: 'rain' },
        { jsonPath: "$['free text']", stringValue: 'x' },
        { jsonPath: '$.note', nullValue: 'NULL_VALUE' },
      ],
      willContinue: true,
    },
  },
  { functionCall: {} },
];
const MERGED = {
  location: 'Boston, MA',
  days: 3,
  options: { metric: true },
  tags: ['rain'],
  'free text': 'x',
  note: null,
};

function calls(parts: unknown[] | undefined): Array<{ name: string; args: unknown }> {
  return (parts as Array<{ type: string } & Partial<IrToolCallPart>>)
    .filter((part): part is IrToolCallPart => part.type === 'tool-call')
    .map((part) => ({ name: part.name, args: JSON.parse(part.argumentsJson) as unknown }));
}

describe('function-call arguments streamed in pieces', () => {
  it('reads the JSON paths Gemini sends', () => {
    expect(parseArgPath('$.a.b[2]')).toEqual(['a', 'b', 2]);
    expect(parseArgPath("$['c d'][0]")).toEqual(['c d', 0]);
    expect(parseArgPath('$["e"].f')).toEqual(['e', 'f']);
    expect(parseArgPath('a.b')).toBeUndefined();
    expect(parseArgPath('$..a')).toBeUndefined();
  });

  it('a stream: one call with the merged arguments, the signature kept', () => {
    const events = runMachineSync(createGeminiChunkDecoder(), [
      ...PIECES.map((part) => chunk([part])),
      chunk([{ text: '' }], 'STOP'),
    ]);
    const answer = accumulateResponse(events);
    expect(calls(answer.choices[0]?.content)).toEqual([{ name: 'get_weather', args: MERGED }]);
    expect(answer.choices[0]?.content[0]).toMatchObject({ opaque: { origin: 'gemini', kind: 'signature' } });
    expect(answer.choices[0]?.finishReason.unified).toBe('tool-calls');
  });

  it('a stream cut before the last piece still gives the call what arrived', () => {
    const events = runMachineSync(
      createGeminiChunkDecoder(),
      PIECES.slice(0, 3).map((part) => chunk([part])),
    );
    expect(calls(accumulateResponse(events).choices[0]?.content)).toEqual([
      { name: 'get_weather', args: { location: 'Boston, MA' } },
    ]);
  });

  it('a whole answer holding the pieces, then a second plain call', () => {
    const body = chunk([...PIECES, { functionCall: { name: 'get_time', args: { zone: 'UTC' } } }], 'STOP');
    const { value, warnings } = geminiCodec.response.toIr(body);
    expect(calls(value.choices[0]?.content)).toEqual([
      { name: 'get_weather', args: MERGED },
      { name: 'get_time', args: { zone: 'UTC' } },
    ]);
    expect(warnings).toEqual([]);
  });

  it('a piece with a path it cannot read is left out with a warning (whole answers)', () => {
    const body = chunk(
      [
        {
          functionCall: {
            name: 'f',
            partialArgs: [
              { jsonPath: 'nope', stringValue: 'x' },
              { jsonPath: '$.ok', numberValue: 1 },
            ],
          },
        },
      ],
      'STOP',
    );
    const { value, warnings } = geminiCodec.response.toIr(body);
    expect(calls(value.choices[0]?.content)).toEqual([{ name: 'f', args: { ok: 1 } }]);
    expect(warnings).toEqual([
      expect.objectContaining({ kind: 'dropped', field: 'candidates[0].content.parts[0].functionCall.partialArgs' }),
    ]);
  });
});
