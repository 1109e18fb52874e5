import type { IrStreamEvent } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { createSseParser, parseSseText, pipeMachines, runMachineSync } from '@interlingua/ir-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listRecordings, recordingSseBody } from '@interlingua/testkit';
import {
  createGeminiJsonArrayDecoder,
  createGeminiJsonArrayParser,
  geminiCodec,
  geminiJsonArrayFraming,
} from './index.js';

const streams = listRecordings('gemini', (r) => r.streaming);

/** The recorded chunks, as Gemini writes them without `alt=sse`: pretty-printed, `\n,\r\n` between. */
function arrayBody(chunks: unknown[]): string {
  return `[${chunks.map((c) => JSON.stringify(c, null, 2)).join('\n,\r\n')}\n]`;
}

function recordedChunks(body: string): unknown[] {
  return parseSseText(body).map((m) => JSON.parse(m.data) as unknown);
}

function parseAll(chunks: Array<string | Uint8Array>): unknown[] {
  return runMachineSync(createGeminiJsonArrayParser(), chunks);
}

function withoutCreated(events: IrStreamEvent[]): IrStreamEvent[] {
  return events.map((e) => (e.type === 'response-start' ? { ...e, created: 0 } : e));
}

describe('gemini JSON array parser', () => {
  it.each(streams.map((r) => [r.file, r] as const))('%s: random byte splits give the same elements', (_, recording) => {
    const elements = recordedChunks(recordingSseBody(recording));
    const bytes = new TextEncoder().encode(arrayBody(elements));
    expect(parseAll([bytes])).toEqual(elements);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 60 }), (cuts) => {
        const points = [0, ...[...cuts].sort((a, b) => a - b), bytes.length];
        expect(parseAll(points.slice(1).map((end, i) => bytes.slice(points[i], end)))).toEqual(elements);
      }),
      { numRuns: 50 },
    );
  });

  it('random text splits of tricky strings (escapes, braces, quotes) give the same elements', () => {
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.array(fc.string()))), {
          maxLength: 5,
        }),
        fc.array(fc.nat()),
        (elements, cuts) => {
          const text = arrayBody(elements);
          const points = [0, ...cuts.map((c) => c % (text.length + 1)).sort((a, b) => a - b), text.length];
          expect(parseAll(points.slice(1).map((end, i) => text.slice(points[i], end)))).toEqual(elements);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('emits an element as soon as it is complete', () => {
    const parser = createGeminiJsonArrayParser();
    expect(parser.push('[{"a":"}"')).toEqual([]);
    expect(parser.push(',"b":{"c":[1]}}\n,\r\n{"d"')).toEqual([{ a: '}', b: { c: [1] } }]);
    expect(parser.push(':2}\n]')).toEqual([{ d: 2 }]);
    expect(parser.end()).toEqual([]);
  });

  it('accepts an empty array and a bare object (an error answer)', () => {
    expect(parseAll(['[ ]'])).toEqual([]);
    expect(parseAll(['{"error":{"code":429}}'])).toEqual([{ error: { code: 429 } }]);
    expect(parseAll([''])).toEqual([]);
  });

  it('throws an upstream-error on malformed or truncated bodies', () => {
    for (const body of ['[}', '[{"a":1}] x', 'nope', '[1]', '[{"a":1}', '[{"a":1},']) {
      try {
        parseAll([body]);
        expect.unreachable(body);
      } catch (error) {
        expect(error).toBeInstanceOf(IrError);
        expect((error as IrError).data.kind).toBe('upstream-error');
      }
    }
  });

  it('framing writes a valid array, incrementally, with an in-band error element', () => {
    const elements = [{ a: 1 }, { b: 2 }];
    const body =
      geminiJsonArrayFraming.open() +
      elements.map((e, i) => geminiJsonArrayFraming.element(JSON.stringify(e), i === 0)).join('') +
      geminiJsonArrayFraming.element('{"error":{"code":500,"message":"x","status":"INTERNAL"}}', false) +
      geminiJsonArrayFraming.close();
    expect(JSON.parse(body)).toEqual([...elements, { error: { code: 500, message: 'x', status: 'INTERNAL' } }]);
    expect(parseAll([body])).toEqual(JSON.parse(body));
  });

  it.each(streams.map((r) => [r.file, r] as const))(
    '%s: the array decoder gives the same events as the SSE decoder',
    (_, recording) => {
      const sse = recordingSseBody(recording);
      const fromSse = runMachineSync(pipeMachines(createSseParser(), geminiCodec.stream.createDecoder()), [sse]);
      const fromArray = runMachineSync(createGeminiJsonArrayDecoder(), [arrayBody(recordedChunks(sse))]);
      expect(withoutCreated(fromArray)).toEqual(withoutCreated(fromSse));
    },
  );

  it('an error element becomes an error event', () => {
    const events = runMachineSync(createGeminiJsonArrayDecoder(), [
      '[{"error":{"code":404,"message":"no","status":"NOT_FOUND"}}]',
    ]);
    expect(events).toEqual([
      expect.objectContaining({ type: 'error', error: expect.objectContaining({ kind: 'not-found', status: 404 }) }),
    ]);
  });
});
