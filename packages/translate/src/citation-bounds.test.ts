import { parseSseText, MAX_CITATION_CHARS_PER_ANSWER, MAX_CITATIONS_PER_ANSWER } from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
import { createStreamTranslator, translateResponse } from './translate.js';
import type { GenerationStyle } from './translation-styles.js';

/**
 * What citations may add to a translated answer: each of at most MAX_CITATIONS_PER_ANSWER entries
 * costs its style's framing (under 256 characters), and all of them together repeat at most
 * MAX_CITATION_CHARS_PER_ANSWER characters of URLs, titles and quoted spans.
 */
const CITATION_ALLOWANCE = MAX_CITATIONS_PER_ANSWER * 256 + MAX_CITATION_CHARS_PER_ANSWER;
/** The bound docs/compatibility.md states: a translated answer is at most twice its upstream answer plus that. */
const bound = (upstream: number): number => 2 * upstream + CITATION_ALLOWANCE;

const TARGETS: GenerationStyle[] = ['openai-chat', 'openai-responses', 'anthropic-messages'];

/** A Gemini answer whose grounding names one long URL thousands of times (~41 KB). */
function repeatedGrounding(): Record<string, unknown> {
  const text = 'Calgary’s forecast: 21°C and sunny, with a light breeze from the west.';
  const url = `https://grounding.example/${'a'.repeat(1_000)}`;
  const supports = Array.from({ length: 20 }, (_, n) => ({
    segment: { startIndex: n, endIndex: n + 10, text: 'x' },
    groundingChunkIndices: Array.from({ length: 1_000 }, () => 0),
  }));
  return {
    candidates: [
      {
        content: { role: 'model', parts: [{ text }] },
        finishReason: 'STOP',
        index: 0,
        groundingMetadata: {
          webSearchQueries: ['Calgary weather'],
          groundingChunks: [{ web: { uri: url, title: 'Forecast' } }],
          groundingSupports: supports,
        },
      },
    ],
    usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 20, totalTokenCount: 25 },
    modelVersion: 'gemini-2.5-flash',
  };
}

/** The byte where the nth of 5,000 supports over `bytes` bytes starts (the spans tile the text). */
const startByte = (n: number, bytes: number): number => Math.floor((n * bytes) / 5_000);

/** A Gemini answer of 100,000 non-ASCII characters with 5,000 supports, each over its own sentence. */
function manySupports(): { body: Record<string, unknown>; text: string } {
  const text = 'é°ü€中文字🌤ßø'.repeat(10_000);
  const bytes = new TextEncoder().encode(text).length;
  const supports = Array.from({ length: 5_000 }, (_, n) => ({
    segment: { startIndex: startByte(n, bytes), endIndex: startByte(n + 1, bytes) },
    groundingChunkIndices: [n % 3],
  }));
  const chunks = [0, 1, 2].map((n) => ({ web: { uri: `https://s${n}.example/`, title: `S${n}` } }));
  const body = repeatedGrounding();
  const [candidate] = body.candidates as Array<Record<string, unknown>>;
  if (candidate) {
    candidate.content = { role: 'model', parts: [{ text }] };
    candidate.groundingMetadata = { webSearchQueries: ['q'], groundingChunks: chunks, groundingSupports: supports };
  }
  return { body, text };
}

function streamed(body: unknown, to: GenerationStyle): string {
  const machine = createStreamTranslator('gemini', to);
  return [...machine.push(`data: ${JSON.stringify(body)}\r\n\r\n`), ...machine.end()].join('');
}

describe('citations a translation can amplify', () => {
  it('a grounding that repeats one chunk index thousands of times becomes one citation per page and span', () => {
    const upstream = JSON.stringify(repeatedGrounding());
    expect(upstream.length).toBeGreaterThan(40_000);
    for (const to of TARGETS) {
      const whole = JSON.stringify(translateResponse(JSON.parse(upstream), 'gemini', to).value);
      expect(whole.length, `${to} answer`).toBeLessThanOrEqual(bound(upstream.length));
      expect(streamed(JSON.parse(upstream), to).length, `${to} stream`).toBeLessThanOrEqual(bound(upstream.length));
    }
    const chat = translateResponse(JSON.parse(upstream), 'gemini', 'openai-chat').value;
    // 20 supports over distinct spans, each citing the one page: 20 annotations, not 20,000.
    expect(chat.choices[0]?.message.annotations).toHaveLength(20);
  });

  it('5,000 supports over 100,000 non-ASCII characters: capped, and each span where the bytes say', () => {
    const { body, text } = manySupports();
    const upstream = JSON.stringify(body);
    const chat = translateResponse(JSON.parse(upstream), 'gemini', 'openai-chat').value;
    const annotations = chat.choices[0]?.message.annotations ?? [];
    expect(annotations).toHaveLength(MAX_CITATIONS_PER_ANSWER);
    expect(JSON.stringify(chat).length).toBeLessThanOrEqual(bound(upstream.length));
    const points = Array.from(text);
    const bytes = new TextEncoder().encode(text);
    // Each support's bytes, rounded up to a character boundary, are the annotation's code points.
    const prefix = [0];
    for (const char of points) prefix.push((prefix.at(-1) ?? 0) + new TextEncoder().encode(char).length);
    const byteOf = (point: number): number => prefix[point] ?? Number.NaN;
    annotations.forEach(({ url_citation: { start_index: start, end_index: end } }, n) => {
      for (const [point, byte] of [
        [start, startByte(n, bytes.length)],
        [end, startByte(n + 1, bytes.length)],
      ] as const) {
        expect(byteOf(point)).toBeGreaterThanOrEqual(byte);
        expect(point === 0 || byteOf(point - 1) < byte).toBe(true);
      }
    });
    expect(parseSseText(streamed(JSON.parse(upstream), 'openai-chat')).length).toBeGreaterThan(0);
  });

  it('an Anthropic answer repeating one citation thousands of times gives one annotation', () => {
    const citation = {
      type: 'web_search_result_location',
      url: 'https://a.example/',
      title: 'A',
      cited_text: 'Sunny.',
      encrypted_index: 'e',
    };
    const upstream = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [{ type: 'text', text: 'Sunny today.', citations: Array.from({ length: 5_000 }, () => citation) }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 5, output_tokens: 5 },
    };
    const chat = translateResponse(upstream, 'anthropic-messages', 'openai-chat').value;
    expect(chat.choices[0]?.message.annotations).toHaveLength(1);
  });
});
