import type { IrResponse } from '@interlingua/ir';
import { accumulateResponse, parseSseText, responseToStreamEvents, runMachineSync } from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
import { loadRecording, recordingSseBody, searchedIrAnswer } from '@interlingua/testkit';
import { geminiCodec } from './gemini-codec.js';
import { geminiStrictResponseSchema } from './gemini-strict-response-schema.js';

const recording = loadRecording('gemini/10-grounding-stream.sse');

function decode(body: string): IrResponse {
  const messages = parseSseText(body);
  return accumulateResponse(runMachineSync(geminiCodec.stream.createDecoder(), messages));
}

/** Another provider's search and a citation after a non-ASCII character. */
const text = 'Près de Calgary 🌤: 21°C today.';
const start = text.indexOf('21°C');
const foreign: IrResponse = searchedIrAnswer({
  id: 'resp_1',
  model: 'gpt-x',
  rawFinish: 'completed',
  search: { id: 'ws_1', queries: ['Calgary weather'], sources: [{ url: 'https://a.example/' }] },
  texts: [{ text, citations: [{ url: 'https://b.example/', title: 'B', startIndex: start, endIndex: text.length }] }],
  tokens: { input: 3, output: 4 },
});

describe('Gemini grounding as IR web searches and citations', () => {
  it('reads the recorded groundingMetadata: UTF-8 byte segments become UTF-16 spans of the text', () => {
    const ir = decode(recordingSseBody(recording));
    const content = ir.choices[0]?.content ?? [];
    const answer = content.find((part) => part.type === 'text');
    const search = content.at(-1);
    expect(search).toMatchObject({ type: 'web-search', queries: ['weather in San Francisco today'] });
    if (search?.type === 'web-search') expect(search.sources).toHaveLength(5);
    expect(answer?.type).toBe('text');
    if (answer?.type !== 'text') return;
    const [first] = answer.citations ?? [];
    // The segment has two '°' (two bytes each) before its end: bytes 235..375 are UTF-16 235..371.
    expect(answer.text.slice(first?.startIndex, first?.endIndex)).toBe(
      'As of Tuesday afternoon, the temperature is around 69°F (21°C), with a real feel of about 76°F (24°C) and humidity at approximately 68%.',
    );
    expect(first).toMatchObject({ title: 'Weather information for San Francisco, CA, US' });
    // One support cites two chunks: one citation each.
    expect(answer.citations).toHaveLength(9);
    expect(ir.usage?.webSearchRequests).toBe(1);
  });

  it('writes another style’s search and citations as groundingMetadata with byte offsets', () => {
    const { value } = geminiCodec.response.fromIr(foreign);
    expect(geminiStrictResponseSchema.safeParse(value).error?.issues ?? []).toEqual([]);
    const metadata = value.candidates?.[0]?.groundingMetadata;
    const bytes = new TextEncoder();
    expect(metadata).toEqual({
      webSearchQueries: ['Calgary weather'],
      groundingChunks: [
        { web: { uri: 'https://a.example/', title: 'https://a.example/' } },
        { web: { uri: 'https://b.example/', title: 'B' } },
      ],
      groundingSupports: [
        {
          segment: {
            startIndex: bytes.encode(text.slice(0, start)).length,
            endIndex: bytes.encode(text).length,
            text: '21°C today.',
          },
          groundingChunkIndices: [1],
        },
      ],
    });
    const back = geminiCodec.response.toIr(JSON.parse(JSON.stringify(value)) as unknown).value;
    expect(back.choices[0]?.content[0]).toMatchObject({
      citations: [{ url: 'https://b.example/', startIndex: start, endIndex: text.length }],
    });
  });

  it('streams the grounding in the last chunk, and decodes it back', () => {
    const messages = runMachineSync(geminiCodec.stream.createEncoder({}), responseToStreamEvents(foreign));
    const last = JSON.parse(messages.at(-1)?.data ?? '{}') as {
      candidates: Array<{ groundingMetadata?: { groundingSupports?: unknown[] } }>;
    };
    expect(last.candidates[0]?.groundingMetadata?.groundingSupports).toHaveLength(1);
    const again = accumulateResponse(runMachineSync(geminiCodec.stream.createDecoder(), messages));
    expect(again.choices[0]?.content.map((part) => part.type)).toEqual(['text', 'web-search']);
    expect(again.choices[0]?.content[0]).toMatchObject({ citations: [{ startIndex: start, endIndex: text.length }] });
  });
});
