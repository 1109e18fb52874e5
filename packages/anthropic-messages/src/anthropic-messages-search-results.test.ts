import type { IrResponse } from '@interlingua/ir';
import { accumulateResponse, responseToStreamEvents, runMachineSync } from '@interlingua/ir-utils';
import { searchedIrAnswer } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { anthropicMessagesCodec as codec } from './anthropic-messages-codec.js';
import { anthropicMessagesStrictResponseSchema } from './anthropic-messages-strict-response-schema.js';
import { validateAnthropicMessagesStream } from './anthropic-messages-stream-validator.js';

/** An answer another provider searched for: a Responses `web_search_call` and a `url_citation` span. */
const foreign: IrResponse = searchedIrAnswer({
  id: 'resp_1',
  model: 'gpt-x',
  rawFinish: 'completed',
  search: {
    id: 'ws_abc',
    queries: ['tallest mountain in Alberta', 'Mount Columbia elevation'],
    sources: [{ url: 'https://example.org/columbia', title: 'Mount Columbia' }],
  },
  texts: [
    {
      text: 'It is Mount Columbia (3,747 m). [example.org]',
      citations: [{ url: 'https://example.org/columbia', title: 'Mount Columbia', startIndex: 0, endIndex: 31 }],
    },
  ],
  tokens: { input: 10, output: 5 },
});

describe('web search answers from other styles as Anthropic blocks', () => {
  it('makes server_tool_use + web_search_tool_result and web_search_result_location citations', () => {
    const { value, warnings } = codec.response.fromIr(foreign);
    expect(anthropicMessagesStrictResponseSchema.safeParse(value).error?.issues ?? []).toEqual([]);
    expect(value.content).toEqual([
      {
        type: 'server_tool_use',
        id: 'srvtoolu_ws_abc',
        name: 'web_search',
        input: { query: 'tallest mountain in Alberta' },
      },
      {
        type: 'web_search_tool_result',
        tool_use_id: 'srvtoolu_ws_abc',
        content: [
          {
            type: 'web_search_result',
            url: 'https://example.org/columbia',
            title: 'Mount Columbia',
            encrypted_content: '',
            page_age: null,
          },
        ],
      },
      {
        type: 'text',
        text: 'It is Mount Columbia (3,747 m). [example.org]',
        citations: [
          {
            type: 'web_search_result_location',
            url: 'https://example.org/columbia',
            title: 'Mount Columbia',
            cited_text: 'It is Mount Columbia (3,747 m).',
            encrypted_index: '',
          },
        ],
      },
    ]);
    expect(value.usage.server_tool_use).toEqual({ web_search_requests: 1 });
    expect(warnings.map((warning) => warning.kind)).toEqual(['approximated']);
  });

  it('streams the same blocks, and reads them back as the same search and citations', () => {
    const messages = runMachineSync(codec.stream.createEncoder({}), responseToStreamEvents(foreign));
    expect(validateAnthropicMessagesStream(messages)).toEqual([]);
    const events = runMachineSync(codec.stream.createDecoder(), messages);
    const again = accumulateResponse(events);
    const [search, text] = again.choices[0]?.content ?? [];
    expect(search).toMatchObject({
      type: 'web-search',
      id: 'srvtoolu_ws_abc',
      queries: ['tallest mountain in Alberta'],
      sources: [{ url: 'https://example.org/columbia', title: 'Mount Columbia' }],
    });
    expect(text).toMatchObject({
      type: 'text',
      citations: [
        { url: 'https://example.org/columbia', title: 'Mount Columbia', citedText: 'It is Mount Columbia (3,747 m).' },
      ],
    });
    expect(again.usage?.webSearchRequests).toBe(1);
  });

  it('names a failed search by its error code', () => {
    const failed: IrResponse = {
      ...foreign,
      choices: [
        {
          index: 0,
          finishReason: { unified: 'stop', raw: null },
          content: [{ type: 'web-search', id: 'x', queries: ['q'], sources: [], error: 'unavailable' }],
        },
      ],
    };
    const { value } = codec.response.fromIr(failed);
    expect(value.content[1]).toEqual({
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_x',
      content: { type: 'web_search_tool_result_error', error_code: 'unavailable' },
    });
    expect(codec.response.toIr(value).value.choices[0]?.content[0]).toMatchObject({ error: 'unavailable' });
  });
});
