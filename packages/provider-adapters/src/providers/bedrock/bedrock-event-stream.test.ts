import { readFileSync } from 'node:fs';
import type { SseMessage } from '@interlingua/ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBedrockEventStreamParser, encodeBedrockEventStreamMessage } from './bedrock-event-stream.js';

/** A real ConverseStream answer (text, then a tool call), recorded by pydantic-ai: see __fixtures__/README.md. */
const recorded = Buffer.from(
  readFileSync(new URL('./__fixtures__/converse-stream-tool-use.eventstream.b64', import.meta.url), 'utf8').replace(
    /\s+/g,
    '',
  ),
  'base64',
);

function parseAll(chunks: Uint8Array[]): SseMessage[] {
  const parser = createBedrockEventStreamParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

describe('AWS event stream framing', () => {
  it('decodes every frame of a recorded ConverseStream answer, checksums included', () => {
    const messages = parseAll([recorded]);
    expect(messages.filter((m) => m.event === 'error')).toEqual([]);
    expect(messages[0]?.event).toBe('messageStart');
    expect(messages.map((m) => m.event).slice(-5)).toEqual([
      'contentBlockStart',
      'contentBlockDelta',
      'contentBlockStop',
      'messageStop',
      'metadata',
    ]);
    expect(JSON.parse(messages.at(-1)!.data)).toMatchObject({
      usage: { inputTokens: 489, outputTokens: 59, totalTokens: 548 },
    });
  });

  it('gives the same messages whatever the chunking (property)', () => {
    const whole = parseAll([recorded]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: recorded.length - 1 }), { maxLength: 12 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks = [0, ...points].map((start, i) => recorded.subarray(start, points[i] ?? recorded.length));
        expect(parseAll(chunks)).toEqual(whole);
      }),
      { numRuns: 50 },
    );
  });

  it('reports a corrupt frame once and stops', () => {
    const corrupt = Uint8Array.from(recorded);
    corrupt[20] = (corrupt[20] ?? 0) ^ 0xff;
    const messages = parseAll([corrupt]);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.event).toBe('error');
    expect(JSON.parse(messages[0]!.data).message).toMatch(/invalid event stream frame/);
  });

  it('reports a stream cut inside a frame', () => {
    const messages = parseAll([recorded.subarray(0, recorded.length - 3)]);
    expect(messages.at(-1)?.event).toBe('error');
  });

  it('frames events and exceptions so that they decode back', () => {
    const events: SseMessage[] = [
      { event: 'messageStart', data: '{"role":"assistant"}' },
      { event: 'contentBlockDelta', data: '{"contentBlockIndex":0,"delta":{"text":"héllo 👋"}}' },
      { event: 'throttlingException', data: '{"message":"Too many requests"}' },
    ];
    expect(parseAll(events.map(encodeBedrockEventStreamMessage))).toEqual(events);
  });
});
