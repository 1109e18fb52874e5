import type { IrResponse } from '@interlingua/ir';
import { accumulateResponse, responseToStreamEvents, runMachineSync, safeJsonParse } from '@interlingua/ir-utils';
import { loadRecording, recordingJson, searchedIrAnswer } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { openAiResponsesResponseFromIr } from './ir-to-openai-responses-response.js';
import { openAiResponsesResponseToIr } from './openai-responses-response-to-ir.js';
import { createOpenAiResponsesStreamDecoder } from './openai-responses-stream-decoder.js';
import { createOpenAiResponsesStreamEncoder } from './openai-responses-stream-encoder.js';
import { openAiResponsesStrictResponseSchema } from './openai-responses-strict-response-schema.js';
import { openAiResponsesStrictStreamEventSchema } from './openai-responses-strict-stream-event-schema.js';

const recorded = loadRecording('openai-responses/10-web-search-citations.json');

/** Another provider's search: text with a two-unit emoji before the cited span. */
const text = 'Sunny 🌤 in Calgary, 21°C today. [weather.example]';
const span = { start: text.indexOf('21°C'), end: text.indexOf(' [') };
const foreign: IrResponse = searchedIrAnswer({
  id: 'msg_1',
  model: 'claude-x',
  rawFinish: 'end_turn',
  search: {
    id: 'srvtoolu_1',
    queries: ['Calgary weather'],
    sources: [{ url: 'https://weather.example/calgary', title: 'Calgary weather' }],
  },
  texts: [
    {
      text,
      citations: [
        { url: 'https://weather.example/calgary', title: 'Calgary', startIndex: span.start, endIndex: span.end },
      ],
    },
  ],
  tokens: { input: 10, output: 5 },
});

describe('Responses web search results and url citations', () => {
  it('reads the recorded web_search_call and url_citation into the IR', () => {
    const { value } = openAiResponsesResponseToIr(recordingJson(recorded));
    const [search, answer] = value.choices[0]?.content ?? [];
    expect(search).toMatchObject({
      type: 'web-search',
      id: 'ws_057daac88567bde400696c45fac8448190aa2141ad7de1b6bb',
      queries: ['tallest mountain in Alberta', 'Mount Columbia tallest mountain in Alberta elevation'],
    });
    expect(answer?.type).toBe('text');
    if (answer?.type !== 'text') return;
    const [citation] = answer.citations ?? [];
    expect(citation).toMatchObject({
      url: 'https://www.britannica.com/place/Mount-Columbia?utm_source=openai',
      title: 'Mount Columbia | mountain, Alberta, Canada | Britannica',
      startIndex: 126,
      endIndex: 211,
    });
    expect(answer.text.slice(citation?.startIndex, citation?.endIndex)).toMatch(/^\(\[britannica\.com\]/);
    expect(value.usage?.webSearchRequests).toBe(1);
    // Back to Responses: OpenAI's own item and annotation, unchanged.
    const wire = openAiResponsesResponseFromIr(value).value;
    expect(wire.output).toEqual((recordingJson(recorded) as { output: unknown[] }).output);
  });

  it('writes another style’s search as web_search_call and its citation in code points', () => {
    const { value } = openAiResponsesResponseFromIr(foreign);
    expect(openAiResponsesStrictResponseSchema.safeParse(value).error?.issues ?? []).toEqual([]);
    expect(value.output[0]).toEqual({
      type: 'web_search_call',
      id: 'ws_msg_1_0',
      status: 'completed',
      action: {
        type: 'search',
        query: 'Calgary weather',
        queries: ['Calgary weather'],
        sources: [{ type: 'url', url: 'https://weather.example/calgary' }],
      },
    });
    const message = value.output[1] as unknown as { content: Array<{ annotations: Array<Record<string, unknown>> }> };
    const [annotation] = message.content[0]?.annotations ?? [];
    // The emoji is one code point (two UTF-16 units): OpenAI's offsets are one lower than JavaScript's.
    expect(annotation).toEqual({
      type: 'url_citation',
      start_index: span.start - 1,
      end_index: span.end - 1,
      url: 'https://weather.example/calgary',
      title: 'Calgary',
    });
    expect([...text].slice(span.start - 1, span.end - 1).join('')).toBe('21°C today.');
    const back = openAiResponsesResponseToIr(value).value.choices[0]?.content[1];
    expect(back).toMatchObject({ citations: [{ startIndex: span.start, endIndex: span.end }] });
  });

  it('streams the search item lifecycle and annotation events, and decodes them back', () => {
    const messages = runMachineSync(createOpenAiResponsesStreamEncoder({}), responseToStreamEvents(foreign));
    for (const message of messages) {
      const parsed = safeJsonParse(message.data);
      const strict = openAiResponsesStrictStreamEventSchema.safeParse(parsed.ok ? parsed.value : undefined);
      expect(strict.error?.issues ?? [], message.data).toEqual([]);
    }
    const types = messages.map((m) => m.event);
    expect(types).toContain('response.web_search_call.searching');
    expect(types).toContain('response.output_text.annotation.added');
    const again = accumulateResponse(runMachineSync(createOpenAiResponsesStreamDecoder(), messages));
    const [search, answer] = again.choices[0]?.content ?? [];
    expect(search).toMatchObject({ type: 'web-search', queries: ['Calgary weather'] });
    expect(answer).toMatchObject({ citations: [{ startIndex: span.start, endIndex: span.end, title: 'Calgary' }] });
    expect(again.usage?.webSearchRequests).toBe(1);
  });
});
