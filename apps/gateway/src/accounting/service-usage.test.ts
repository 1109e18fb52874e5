import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerTail, lastUsageObject } from './service-usage.js';

const IMAGE_USAGE = {
  input_tokens: 50,
  output_tokens: 50,
  total_tokens: 100,
  input_tokens_details: { text_tokens: 10, image_tokens: 40 },
};

describe('lastUsageObject', () => {
  it('reads the usage of an images answer without parsing its images', () => {
    const body = Buffer.from(
      JSON.stringify({ created: 1, data: [{ b64_json: 'A'.repeat(100_000) }], usage: IMAGE_USAGE }),
    );
    expect(lastUsageObject(body)).toEqual(IMAGE_USAGE);
  });

  it('takes the last usage object of an SSE stream, whitespace allowed around the colon', () => {
    const stream = Buffer.from(
      'data: {"type":"x","usage": null}\n\ndata: {"type":"transcript.text.done","text":"hi","usage" :\n {"type":"tokens","input_tokens":14,"output_tokens":2,"total_tokens":16}}\n\n',
    );
    expect(lastUsageObject(stream)).toEqual({ type: 'tokens', input_tokens: 14, output_tokens: 2, total_tokens: 16 });
  });

  it('is not fooled by "usage" inside strings, or by a usage that is not an object', () => {
    const body = Buffer.from(
      JSON.stringify({
        text: 'the "usage": {"input_tokens": 9} said {braces}',
        usage: { input_tokens: 1, note: 'a } in "it"' },
      }),
    );
    expect(lastUsageObject(body)).toEqual({ input_tokens: 1, note: 'a } in "it"' });
    expect(lastUsageObject(Buffer.from(JSON.stringify({ text: 'the "usage": {"input_tokens": 9}' })))).toBeUndefined();
    expect(lastUsageObject(Buffer.from('{"usage":null,"field":"usage"}'))).toBeUndefined();
  });

  it('gives nothing for a usage object cut off, or no usage at all', () => {
    expect(lastUsageObject(Buffer.from('{"usage":{"input_tokens":1'))).toBeUndefined();
    expect(lastUsageObject(Buffer.from('{"text":"hello"}'))).toBeUndefined();
    expect(lastUsageObject(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('AnswerTail', () => {
  it('keeps the end of an answer pushed in chunks of any size, so its last usage is read whole', () => {
    const events = [
      `data: ${JSON.stringify({ type: 'partial', b64_json: 'B'.repeat(40_000) })}\n\n`,
      `data: ${JSON.stringify({ type: 'completed', b64_json: 'C'.repeat(30_000), usage: IMAGE_USAGE })}\n\n`,
    ];
    const bytes = Buffer.from(events.join(''));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 12 }), (sizes) => {
        const tail = new AnswerTail(1024);
        let at = 0;
        for (let i = 0; at < bytes.length; i++) {
          const size = sizes[i % sizes.length]!;
          tail.push(bytes.subarray(at, at + size));
          at += size;
        }
        expect(tail.bytes().length).toBeLessThanOrEqual(Math.max(1024, ...sizes));
        expect(bytes.subarray(bytes.length - tail.bytes().length).equals(tail.bytes())).toBe(true);
        expect(lastUsageObject(tail.bytes())).toEqual(IMAGE_USAGE);
      }),
      { numRuns: 50 },
    );
  });
});
