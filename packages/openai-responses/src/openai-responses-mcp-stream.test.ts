import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IrContentPart, IrMcpAnswerPart, IrStreamEvent, SseMessage } from '@interlingua/ir';
import { accumulateResponse, parseSseText, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiResponsesStreamDecoder } from './openai-responses-stream-decoder.js';
import { createOpenAiResponsesStreamEncoder } from './openai-responses-stream-encoder.js';
import { openAiResponsesStrictResponseSchema } from './openai-responses-strict-response-schema.js';
import { openAiResponsesStrictStreamEventSchema } from './openai-responses-strict-stream-event-schema.js';

const list: IrMcpAnswerPart = {
  type: 'mcp-list-tools',
  id: 'mcpl_1',
  server: 'everything',
  tools: [
    { name: 'echo', description: 'Echoes', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
  ],
};
const echoed: IrMcpAnswerPart = {
  type: 'mcp-call',
  id: 'mcp_1',
  server: 'everything',
  name: 'echo',
  argumentsJson: '{"message":"hi"}',
  output: 'Echo: hi',
};
const failed: IrMcpAnswerPart = {
  type: 'mcp-call',
  id: 'mcp_2',
  server: 'everything',
  name: 'boom',
  argumentsJson: '{}',
  error: 'tool failed',
};
const approval: IrMcpAnswerPart = {
  type: 'mcp-approval-request',
  id: 'mcpr_1',
  server: 'everything',
  name: 'echo',
  argumentsJson: '{"message":"again"}',
};
const parts: IrMcpAnswerPart[] = [list, echoed, failed, approval];

const irEvents: IrStreamEvent[] = [
  { type: 'response-start', id: 'resp_m', model: 'm', created: 1 },
  ...parts.map((part, index): IrStreamEvent => ({ type: 'mcp', index, part })),
  { type: 'text-start', index: 4 },
  { type: 'text-delta', index: 4, delta: 'Echo: hi, then a failure.' },
  { type: 'text-end', index: 4 },
  { type: 'finish', finishReason: { unified: 'stop', raw: 'completed' } },
];

function encodedSse(): string {
  return serializeSseMessages(runMachineSync(createOpenAiResponsesStreamEncoder(), irEvents));
}

function eventsOf(sse: string): Array<{ type: string; [key: string]: unknown }> {
  return parseSseText(sse).map((message: SseMessage) => JSON.parse(message.data) as { type: string });
}

describe('the Responses stream encoder writes MCP items as OpenAI streams them', () => {
  it('sends each item’s events in OpenAI’s order, every event valid against the SDK’s types', () => {
    const events = eventsOf(encodedSse());
    for (const event of events)
      expect(openAiResponsesStrictStreamEventSchema.safeParse(event).error?.issues ?? [], event.type).toEqual([]);
    const mcpEvents = events.slice(2, -7).map((event) => `${event.type} ${String(event.output_index)}`);
    expect(mcpEvents).toEqual([
      'response.output_item.added 0',
      'response.mcp_list_tools.in_progress 0',
      'response.mcp_list_tools.completed 0',
      'response.output_item.done 0',
      'response.output_item.added 1',
      'response.mcp_call.in_progress 1',
      'response.mcp_call_arguments.delta 1',
      'response.mcp_call_arguments.done 1',
      'response.mcp_call.completed 1',
      'response.output_item.done 1',
      'response.output_item.added 2',
      'response.mcp_call.in_progress 2',
      'response.mcp_call_arguments.delta 2',
      'response.mcp_call_arguments.done 2',
      'response.mcp_call.failed 2',
      'response.output_item.done 2',
      'response.output_item.added 3',
      'response.output_item.done 3',
    ]);
    expect(events[2]).toMatchObject({ item: { type: 'mcp_list_tools', id: 'mcpl_1', tools: [] } });
    expect(events[6]).toMatchObject({
      item: { type: 'mcp_call', id: 'mcp_1', arguments: '', output: null, error: null, status: 'in_progress' },
    });
    const completed = events.at(-1) as { type: string; response: unknown };
    expect(completed.type).toBe('response.completed');
    const response = openAiResponsesStrictResponseSchema.parse(completed.response);
    expect(response.output.map((item) => [item.type, item.id])).toEqual([
      ['mcp_list_tools', 'mcpl_1'],
      ['mcp_call', 'mcp_1'],
      ['mcp_call', 'mcp_2'],
      ['mcp_approval_request', 'mcpr_1'],
      ['message', 'msg_m_4'],
    ]);
  });

  it('decodes its own stream back to the same MCP parts', () => {
    const decoded = accumulateResponse(
      runMachineSync(createOpenAiResponsesStreamDecoder(), parseSseText(encodedSse())),
    );
    const content: IrContentPart[] = decoded.choices[0]?.content ?? [];
    expect(content.slice(0, 4)).toEqual(parts);
    expect(content[4]).toEqual({ type: 'text', text: 'Echo: hi, then a failure.' });
  });

  it('gives no IR event for an MCP item the decoder cannot read, nor for an approval response', () => {
    const done = (item: Record<string, unknown>): SseMessage => ({
      event: 'response.output_item.done',
      data: JSON.stringify({ type: 'response.output_item.done', output_index: 0, item }),
    });
    const decoded = runMachineSync(createOpenAiResponsesStreamDecoder(), [
      done({ type: 'mcp_call', id: 'x' }),
      done({ type: 'mcp_approval_response', approval_request_id: 'r', approve: true }),
    ]);
    expect(decoded.filter((event) => event.type === 'mcp')).toEqual([]);
  });
});

describe('the official openai SDK reads the MCP items of our stream', () => {
  let server: Server;
  let baseURL = '';

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(encodedSse());
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(async () => {
    server.close();
    await once(server, 'close');
  });

  it('responses.stream() emits the MCP events and finalResponse() holds the items', async () => {
    const client = new OpenAI({ apiKey: 'test-key', baseURL, maxRetries: 0, timeout: 5_000 });
    const stream = client.responses.stream({ model: 'm', input: 'hi' });
    const seen: string[] = [];
    for await (const event of stream) seen.push(event.type);
    expect(seen).toContain('response.mcp_call_arguments.delta');
    expect(seen).toContain('response.mcp_list_tools.completed');
    const final = await stream.finalResponse();
    expect(final.status).toBe('completed');
    expect(final.output_text).toBe('Echo: hi, then a failure.');
    expect(final.output.slice(0, 4)).toEqual([
      {
        type: 'mcp_list_tools',
        id: 'mcpl_1',
        server_label: 'everything',
        tools: [
          {
            name: 'echo',
            description: 'Echoes',
            input_schema: { type: 'object' },
            annotations: { readOnlyHint: true },
          },
        ],
      },
      {
        type: 'mcp_call',
        id: 'mcp_1',
        server_label: 'everything',
        name: 'echo',
        arguments: '{"message":"hi"}',
        output: 'Echo: hi',
        error: null,
        approval_request_id: null,
        status: 'completed',
      },
      expect.objectContaining({
        type: 'mcp_call',
        id: 'mcp_2',
        error: { type: 'mcp_tool_execution_error', content: [{ type: 'text', text: 'tool failed' }] },
        status: 'failed',
      }),
      {
        type: 'mcp_approval_request',
        id: 'mcpr_1',
        server_label: 'everything',
        name: 'echo',
        arguments: '{"message":"again"}',
      },
    ]);
  });
});
