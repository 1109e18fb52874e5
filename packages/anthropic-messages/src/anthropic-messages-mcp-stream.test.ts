import type { IrStreamEvent } from '@interlingua/ir';
import { accumulateResponse, parseSseText, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';
import { startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import AnthropicSdk from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_CALL } from './anthropic-messages-mcp.test-support.js';
import { anthropicMessagesCodec as codec } from './anthropic-messages-codec.js';
import { validateAnthropicMessagesStream } from './anthropic-messages-stream-validator.js';

/** Text 0 still open when the MCP call (1) arrives, then text 2: the call must wait for text 0 to end. */
const EVENTS: IrStreamEvent[] = [
  { type: 'response-start', id: 'msg_mcp', model: 'claude-x', created: 0 },
  { type: 'text-start', index: 0 },
  { type: 'text-delta', index: 0, delta: 'Let me look.' },
  { type: 'mcp', index: 1, part: MCP_CALL },
  { type: 'mcp', index: 2, part: { type: 'mcp-list-tools', id: 'mcpl_1', server: 'docs', tools: [] } },
  { type: 'text-end', index: 0 },
  { type: 'text-start', index: 3 },
  { type: 'text-delta', index: 3, delta: 'A schema library.' },
  { type: 'text-end', index: 3 },
  { type: 'finish', finishReason: { unified: 'stop', raw: 'end_turn' } },
];

const encoded = (): string =>
  serializeSseMessages(runMachineSync(codec.stream.createEncoder({ model: 'claude-x' }), EVENTS));

interface BetaClient {
  beta: {
    messages: {
      stream(params: Record<string, unknown>): {
        finalMessage(): Promise<{ content: Array<Record<string, unknown>>; stop_reason: string | null }>;
      };
    };
  };
}
const Anthropic = AnthropicSdk as unknown as new (options: Record<string, unknown>) => BetaClient;

describe('an MCP call in the Anthropic stream encoder', () => {
  it('goes out as mcp_tool_use (input streamed) then mcp_tool_result, indexes consecutive with the text blocks', () => {
    const wire = parseSseText(encoded()).map((message) => JSON.parse(message.data) as Record<string, unknown>);
    expect(validateAnthropicMessagesStream(parseSseText(encoded()))).toEqual([]);
    const blockEvents = wire.filter((event) => String(event.type).startsWith('content_block'));
    expect(blockEvents).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me look.' } },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'mcp_tool_use', id: 'mcptoolu_01', name: 'search', server_name: 'docs', input: {} },
      },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"q":"zod"}' } },
      { type: 'content_block_stop', index: 1 },
      {
        type: 'content_block_start',
        index: 2,
        content_block: {
          type: 'mcp_tool_result',
          tool_use_id: 'mcptoolu_01',
          is_error: false,
          content: [{ type: 'text', text: 'zod is a schema library' }],
        },
      },
      { type: 'content_block_stop', index: 2 },
      { type: 'content_block_start', index: 3, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 3, delta: { type: 'text_delta', text: 'A schema library.' } },
      { type: 'content_block_stop', index: 3 },
    ]);
    expect(wire.find((event) => event.type === 'message_delta')).toMatchObject({ delta: { stop_reason: 'end_turn' } });
  });

  it('is read back by the stream decoder as the same mcp-call part', () => {
    const events = runMachineSync(codec.stream.createDecoder(), parseSseText(encoded()));
    expect(events.filter((event) => event.type === 'mcp')).toEqual([{ type: 'mcp', index: 1, part: MCP_CALL }]);
    expect(accumulateResponse(events).choices[0]?.content).toEqual([
      { type: 'text', text: 'Let me look.' },
      MCP_CALL,
      { type: 'text', text: 'A schema library.' },
    ]);
  });
});

describe('an Anthropic upstream streaming an MCP call', () => {
  it('is decoded as one mcp event at its result, input gathered from its deltas, is_error as the error', () => {
    const use = { type: 'mcp_tool_use', id: 'mcptoolu_9', name: 'search', server_name: 'docs', input: {} };
    const result = {
      type: 'mcp_tool_result',
      tool_use_id: 'mcptoolu_9',
      is_error: true,
      content: [{ type: 'text', text: 'rate limited' }],
    };
    const wire = [
      { type: 'message_start', message: { id: 'msg_up', model: 'claude-x', usage: { input_tokens: 3 } } },
      { type: 'content_block_start', index: 0, content_block: use },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"q":' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '"zod"}' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: result },
      { type: 'content_block_stop', index: 1 },
      { type: 'content_block_start', index: 2, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 2, delta: { type: 'text_delta', text: 'Try later.' } },
      { type: 'content_block_stop', index: 2 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } },
      { type: 'message_stop' },
    ].map((event) => ({ event: event.type, data: JSON.stringify(event) }));
    const events = runMachineSync(codec.stream.createDecoder(), wire);
    const { output: _output, ...call } = MCP_CALL;
    expect(events.filter((event) => event.type === 'mcp')).toEqual([
      { type: 'mcp', index: 0, part: { ...call, id: 'mcptoolu_9', error: 'rate limited' } },
    ]);
    expect(events.find((event) => event.type === 'text-start')).toEqual({ type: 'text-start', index: 1 });
  });
});

describe('@anthropic-ai/sdk beta client reads the MCP blocks of our stream over loopback', () => {
  let upstream: LoopbackUpstream;
  beforeAll(async () => {
    upstream = await startLoopbackUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(encoded());
    });
  });
  afterAll(() => upstream.close());

  it('finalMessage() holds the mcp_tool_use with its input and the mcp_tool_result', async () => {
    const client = new Anthropic({ apiKey: 'test-key', baseURL: upstream.url, maxRetries: 0, timeout: 5_000 });
    const message = await client.beta.messages
      .stream({
        model: 'claude-x',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'What is zod?' }],
        mcp_servers: [{ type: 'url', url: 'https://mcp.example.com/mcp', name: 'docs' }],
        betas: ['mcp-client-2025-04-04'],
      })
      .finalMessage();
    expect(message.content).toEqual([
      { type: 'text', text: 'Let me look.' },
      { type: 'mcp_tool_use', id: 'mcptoolu_01', name: 'search', server_name: 'docs', input: { q: 'zod' } },
      {
        type: 'mcp_tool_result',
        tool_use_id: 'mcptoolu_01',
        is_error: false,
        content: [{ type: 'text', text: 'zod is a schema library' }],
      },
      { type: 'text', text: 'A schema library.' },
    ]);
    expect(message.stop_reason).toBe('end_turn');
    expect(upstream.requests[0]?.headers['anthropic-beta']).toBe('mcp-client-2025-04-04');
  });
});
