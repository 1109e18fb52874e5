import { accumulateResponse, parseSseText, runMachineSync } from '@interlingua/ir-utils';
import { createOpenAiResponsesStreamDecoder } from '@interlingua/openai-responses';
import { loadRecording, recordingSseBody } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { createStreamTranslator } from './translate.js';
import type { GenerationStyle } from './translation-styles.js';

/**
 * A real OpenAI Responses stream whose text has `’` (three UTF-8 bytes, one code point) before
 * every cited span: OpenAI's offsets count code points, so an offset read or written in bytes
 * lands elsewhere. The sidecar's `cited_text` is the recording's text sliced by its own offsets.
 */
const recording = loadRecording('openai-responses/18-web-search-stream-citations.chunks.jsonl');
const expected = recording.expect.citations as Array<{ url: string; cited_text: string }>;
const recordedText = recording.expect.text as string;

type Json = Record<string, unknown>;

function translated(to: GenerationStyle): Json[] {
  const machine = createStreamTranslator('openai-responses', to);
  const sse = [...machine.push(recordingSseBody(recording)), ...machine.end()].join('');
  return parseSseText(sse)
    .filter((message) => message.data !== '[DONE]')
    .map((message) => JSON.parse(message.data) as Json);
}

describe('OpenAI code point citation offsets, from a real recorded stream', () => {
  it('the recording has non-ASCII text before its cited spans', () => {
    const [first] = expected;
    const before = recordedText.slice(0, recordedText.indexOf(first?.cited_text ?? '\u0000'));
    expect(new TextEncoder().encode(before).length).toBeGreaterThan(Array.from(before).length);
    expect(expected).toHaveLength(12);
  });

  it('decoded into the IR, each citation spans the cited words in UTF-16 units', () => {
    const messages = parseSseText(recordingSseBody(recording));
    const ir = accumulateResponse(runMachineSync(createOpenAiResponsesStreamDecoder(), messages));
    const answer = ir.choices[0]?.content.find((part) => part.type === 'text');
    expect(answer?.type === 'text' && answer.text).toBe(recordedText);
    if (answer?.type !== 'text') return;
    expect(
      (answer.citations ?? []).map(({ url, startIndex, endIndex }) => ({
        url,
        cited_text: answer.text.slice(startIndex, endIndex),
      })),
    ).toEqual(expected.map(({ url, cited_text }) => ({ url, cited_text })));
  });

  it('relayed to a Responses caller, every annotation cites the words OpenAI cited', () => {
    const events = translated('openai-responses');
    const text = events
      .filter((event) => event.type === 'response.output_text.delta')
      .map((event) => event.delta as string)
      .join('');
    expect(text).toBe(recordedText);
    const annotations = events
      .filter((event) => event.type === 'response.output_text.annotation.added')
      .map((event) => event.annotation as { url: string; start_index: number; end_index: number });
    expect(
      annotations.map(({ url, start_index, end_index }) => ({
        url,
        cited_text: Array.from(text).slice(start_index, end_index).join(''),
      })),
    ).toEqual(expected.map(({ url, cited_text }) => ({ url, cited_text })));
  });

  it('translated to chat, the annotations count code points of the content and cite the same words', () => {
    const chunks = translated('openai-chat') as Array<{
      choices?: Array<{ delta?: { content?: string; annotations?: Array<{ url_citation: Json }> } }>;
    }>;
    const content = chunks.map((chunk) => chunk.choices?.[0]?.delta?.content ?? '').join('');
    expect(content).toBe(recordedText);
    const annotations = chunks.flatMap((chunk) => chunk.choices?.[0]?.delta?.annotations ?? []);
    expect(
      annotations.map(({ url_citation: citation }) => ({
        url: citation.url,
        cited_text: Array.from(content)
          .slice(citation.start_index as number, citation.end_index as number)
          .join(''),
      })),
    ).toEqual(expected.map(({ url, cited_text }) => ({ url, cited_text })));
  });

  it('translated to Anthropic, each citation quotes the words OpenAI cited', () => {
    const citations = translated('anthropic-messages')
      .filter((event) => (event.delta as Json | undefined)?.type === 'citations_delta')
      .map((event) => (event.delta as { citation: Json }).citation);
    expect(citations.map(({ url, cited_text }) => ({ url, cited_text }))).toEqual(
      expected.map(({ url, cited_text }) => ({ url, cited_text })),
    );
  });
});
