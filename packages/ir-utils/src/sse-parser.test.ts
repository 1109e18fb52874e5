import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseParser, parseSseText } from './sse-parser.js';
import { serializeSse, serializeSseComment } from './sse-serializer.js';
import { runMachineSync } from './stream-runners.js';

const encoder = new TextEncoder();

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}

describe('createSseParser', () => {
  it('reads event, data, id and retry fields and ignores comments', () => {
    const messages = parseSseText(': hello\nevent: ping\nid: 7\nretry: 1500\ndata: {"a":1}\n\n');
    expect(messages).toEqual([{ event: 'ping', id: '7', retry: 1500, data: '{"a":1}' }]);
  });

  it('joins multi-line data with newlines and strips one leading space only', () => {
    expect(parseSseText('data:  two\ndata:line\n\n')).toEqual([{ data: ' two\nline' }]);
  });

  it('accepts CRLF, CR and LF line ends', () => {
    const expected = [{ data: 'a' }, { data: 'b' }, { data: 'c' }];
    expect(parseSseText('data: a\r\n\r\ndata: b\r\rdata: c\n\n')).toEqual(expected);
  });

  it('does not treat a CR at a chunk boundary followed by LF as two line ends', () => {
    const parser = createSseParser();
    const out = [...parser.push('data: a\r'), ...parser.push('\n\r'), ...parser.push('\ndata: b\n\n'), ...parser.end()];
    expect(out).toEqual([{ data: 'a' }, { data: 'b' }]);
  });

  it('delivers a last event that lacks the closing blank line', () => {
    expect(parseSseText('data: [DONE]')).toEqual([{ data: '[DONE]' }]);
  });

  it('keeps an event with a name and no data', () => {
    expect(parseSseText('event: ping\n\n')).toEqual([{ event: 'ping', data: '' }]);
  });

  it('decodes the same messages however the bytes are split, inside multi-byte characters too', () => {
    const body =
      serializeSse({ event: 'message', data: '{"text":"héllo wörld ✓ 日本語 🎉"}' }) +
      serializeSseComment() +
      serializeSse({ data: 'line one\nline two 🚀' }) +
      'data: crlf ✓\r\n\r\n';
    const bytes = encoder.encode(body);
    const whole = runMachineSync(createSseParser(), [bytes]);
    expect(whole).toHaveLength(3);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 20 }), (cuts) => {
        expect(runMachineSync(createSseParser(), splitAt(bytes, cuts))).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });

  it('round-trips serialised messages', () => {
    fc.assert(
      fc.property(
        fc.record({ event: fc.option(fc.stringMatching(/^[a-z.]{1,12}$/), { nil: undefined }), data: fc.string() }),
        (message) => {
          const clean =
            message.event === undefined ? { data: message.data } : { event: message.event, data: message.data };
          const normalised = { ...clean, data: clean.data.replace(/\r\n|\r/g, '\n') };
          expect(parseSseText(serializeSse(clean))).toEqual([normalised]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads any mix of CR, LF and CRLF line ends split anywhere as the same text written with LF in one piece', () => {
    const piece = fc.constantFrom(
      'data: a',
      'data: {"b":2}',
      'event: e',
      ': note',
      'id: 1',
      'x',
      '\r',
      '\n',
      '\r\n',
      '\r\r',
      '\n\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 12 }), (pieces, cuts) => {
        const text = pieces.join('');
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const parser = createSseParser();
        const messages = [];
        let start = 0;
        for (const point of [...points, text.length]) {
          messages.push(...parser.push(text.slice(start, point)));
          start = point;
        }
        messages.push(...parser.end());
        expect(messages).toEqual(parseSseText(text.replace(/\r\n|\r/g, '\n')));
      }),
      { numRuns: 300 },
    );
  });

  it('makes no TextDecoder for text, and one for a stream of bytes', () => {
    const made: unknown[] = [];
    const Original = globalThis.TextDecoder;
    globalThis.TextDecoder = class extends Original {
      constructor(...args: ConstructorParameters<typeof TextDecoder>) {
        super(...args);
        made.push(this);
      }
    };
    try {
      expect(parseSseText('data: a\n\n')).toEqual([{ data: 'a' }]);
      expect(made).toHaveLength(0);
      expect(runMachineSync(createSseParser(), [encoder.encode('data: b\n\n'), encoder.encode('data: c\n\n')])).toEqual(
        [{ data: 'b' }, { data: 'c' }],
      );
      expect(made).toHaveLength(1);
    } finally {
      globalThis.TextDecoder = Original;
    }
  });
});
