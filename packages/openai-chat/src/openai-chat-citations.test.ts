import type { IrResponse } from '@interlingua/ir';
import {
  accumulateResponse,
  parseSseText,
  responseToStreamEvents,
  runMachineSync,
  serializeSseMessages,
} from '@interlingua/ir-utils';
import { CHAT_SEARCH_ANSWER, searchedIrAnswer } from '@interlingua/testkit';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { irToOpenAiChatResponse } from './ir-to-openai-chat-response.js';
import { openAiChatResponseToIr } from './openai-chat-response-to-ir.js';
import { createOpenAiChatStreamDecoder } from './openai-chat-stream-decoder.js';
import { createOpenAiChatStreamEncoder } from './openai-chat-stream-encoder.js';
import { openAiChatStrictChunkSchema, openAiChatStrictResponseSchema } from './openai-chat-strict-schema.js';

/** An answer searched by another provider: two text parts, the second cited. */
const foreign: IrResponse = searchedIrAnswer({
  id: 'msg_1',
  model: 'claude-x',
  rawFinish: 'end_turn',
  search: { id: 'srvtoolu_1', queries: ['q'], sources: [{ url: 'https://a.example/' }] },
  texts: [{ text: 'Sunny 🌤. ' }, { text: 'High of 21°C.', citations: [{ url: 'https://a.example/', title: 'A' }] }],
});

describe('chat url citations', () => {
  it('read as the text’s citations with UTF-16 offsets, and written back unchanged', () => {
    const ir = openAiChatResponseToIr(CHAT_SEARCH_ANSWER).value;
    const text = ir.choices[0]?.content[0];
    expect(text).toMatchObject({
      type: 'text',
      citations: [{ url: 'https://weather.example/', title: 'Calgary weather' }],
    });
    if (text?.type !== 'text') return;
    const [citation] = text.citations ?? [];
    expect(text.text.slice(citation?.startIndex, citation?.endIndex)).toBe('🌤 is 21°C today');
    expect(irToOpenAiChatResponse(ir).value.choices[0]?.message.annotations).toEqual(
      CHAT_SEARCH_ANSWER.choices[0]?.message.annotations,
    );
  });

  it('from another style: offsets count the whole content, the search itself is named as dropped', () => {
    const { value, warnings } = irToOpenAiChatResponse(foreign);
    expect(openAiChatStrictResponseSchema.safeParse(value).error?.issues ?? []).toEqual([]);
    expect(value.choices[0]?.message.annotations).toEqual([
      {
        type: 'url_citation',
        url_citation: { start_index: 9, end_index: 22, title: 'A', url: 'https://a.example/' },
      },
    ]);
    expect([...(value.choices[0]?.message.content ?? '')].slice(9, 22).join('')).toBe('High of 21°C.');
    expect(warnings.map((warning) => warning.field)).toEqual(['choices[0].content[0]']);
  });

  it('stream as one annotations delta that the SDK stream helper keeps, and decode back', async () => {
    const sse = serializeSseMessages(runMachineSync(createOpenAiChatStreamEncoder(), responseToStreamEvents(foreign)));
    for (const message of parseSseText(sse))
      if (message.data !== '[DONE]')
        expect(openAiChatStrictChunkSchema.safeParse(JSON.parse(message.data)).error).toBeUndefined();
    const client = new OpenAI({
      apiKey: 'k',
      baseURL: 'http://127.0.0.1:1/v1',
      maxRetries: 0,
      fetch: () => Promise.resolve(new Response(sse, { headers: { 'content-type': 'text/event-stream' } })),
    });
    const final = await client.chat.completions
      .stream({ model: 'm', messages: [{ role: 'user', content: 'q' }] })
      .finalChatCompletion();
    expect(final.choices[0]?.message.annotations).toEqual(
      irToOpenAiChatResponse(foreign).value.choices[0]?.message.annotations,
    );
    const again = accumulateResponse(runMachineSync(createOpenAiChatStreamDecoder(), parseSseText(sse)));
    expect(again.choices[0]?.content).toMatchObject([
      { type: 'text', text: 'Sunny 🌤. High of 21°C.', citations: [{ url: 'https://a.example/', startIndex: 10 }] },
    ]);
  });
});
