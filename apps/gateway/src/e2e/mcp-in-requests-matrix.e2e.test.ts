import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PREFIX, startLoopGateway, type LoopGateway } from './mcp-in-requests-gateway.test-support.js';
import {
  ECHO_ANSWER,
  expectEchoMessage,
  expectEchoResponse,
  streamResponse,
  sdkClients,
} from './mcp-in-requests-judges.test-support.js';
import { SCRIPTED_USAGE } from './mcp-in-requests-model.test-support.js';
import { installedVersion, judgeCell, keepResults, type McpLoopCell } from './mcp-in-requests-results.test-support.js';
import type { ScriptedWire } from './mcp-in-requests-upstreams.test-support.js';

/**
 * Issue 43 judged from outside: the official `openai` SDK with a Responses `mcp` tool and the
 * official `@anthropic-ai/sdk` with the MCP connector (`mcp_servers`), each naming the real
 * `@modelcontextprotocol/server-everything` that the gateway serves, on scripted chat, Anthropic,
 * Gemini and Bedrock Converse upstreams that call the offered `everything__echo` function, whole
 * and streamed. Every cell must end with the tool called and its result in the caller's style;
 * the cells feed the table "MCP tools inside model requests" of docs/compatibility.md.
 */
let loop: LoopGateway;
let openai: OpenAI;
let anthropic: Anthropic;
const cells: McpLoopCell[] = [];

beforeAll(async () => {
  loop = await startLoopGateway();
  ({ openai, anthropic } = sdkClients(loop.url));
}, 60_000);
afterAll(async () => loop.close());

const UPSTREAMS: Array<{ id: ScriptedWire; title: string }> = [
  { id: 'openai-chat', title: 'OpenAI chat' },
  { id: 'anthropic-messages', title: 'Anthropic Messages' },
  { id: 'gemini', title: 'Gemini' },
  { id: 'bedrock-converse', title: 'Bedrock Converse' },
];
const MODES = ['whole', 'stream'] as const;
const CELLS = UPSTREAMS.flatMap((upstream) => MODES.map((mode) => [upstream.id, mode] as const));

const mcpTool = (): OpenAI.Responses.Tool.Mcp => ({
  type: 'mcp',
  server_label: 'everything',
  server_url: `${loop.url}/mcp/everything`,
  require_approval: 'never',
});
const INPUT = 'Echo the loop marker, then tell me what it said.';

describe('Responses callers (openai SDK, an mcp tool)', () => {
  it.each(CELLS)(
    '%s upstream, %s',
    async (upstream, mode) => {
      await judgeCell(cells, { caller: 'openai-responses', upstream, mode }, async () => {
        const params = { model: `${ROUTE_PREFIX[upstream]}/echo`, input: INPUT, tools: [mcpTool()] };
        if (mode === 'whole') {
          const response = await openai.responses.create(params);
          expectEchoResponse(response);
          // Two model calls (the tool call, then the answer), their usage summed.
          expect(response.usage).toMatchObject({
            input_tokens: 2 * SCRIPTED_USAGE.input,
            output_tokens: 2 * SCRIPTED_USAGE.output,
          });
          return;
        }
        const { events, doneItems, completed, final } = await streamResponse(openai, params);
        expectEchoResponse(completed ?? { output: [] });
        expect(final.output.map((item) => item.type)).toEqual(doneItems);
        expect(doneItems).toEqual(completed?.output.map((item) => (item as { type: string }).type));
        expect(final.output_text).toBe(ECHO_ANSWER);
        expect(events).toEqual(
          expect.arrayContaining(['response.mcp_list_tools.completed', 'response.mcp_call.completed']),
        );
        expect(events.indexOf('response.mcp_call.completed')).toBeLessThan(
          events.indexOf('response.output_text.delta'),
        );
        expect(events.at(-1)).toBe('response.completed');
      });
    },
    60_000,
  );
});

describe('Anthropic callers (@anthropic-ai/sdk, the MCP connector)', () => {
  it.each(CELLS)(
    '%s upstream, %s',
    async (upstream, mode) => {
      await judgeCell(cells, { caller: 'anthropic-messages', upstream, mode }, async () => {
        const params = {
          model: `${ROUTE_PREFIX[upstream]}/echo`,
          max_tokens: 512,
          messages: [{ role: 'user' as const, content: INPUT }],
          mcp_servers: [{ type: 'url' as const, url: `${loop.url}/mcp/everything`, name: 'everything' }],
          betas: ['mcp-client-2025-04-04'],
        };
        if (mode === 'whole') {
          const message = await anthropic.beta.messages.create(params);
          expectEchoMessage(message);
          expect(message.usage).toMatchObject({
            input_tokens: 2 * SCRIPTED_USAGE.input,
            output_tokens: 2 * SCRIPTED_USAGE.output,
          });
          return;
        }
        const stream = anthropic.beta.messages.stream(params);
        const started: string[] = [];
        stream.on('streamEvent', (event) => {
          if (event.type === 'content_block_start') started.push(event.content_block.type);
        });
        const final = await stream.finalMessage();
        expectEchoMessage(final);
        expect(started).toEqual(final.content.map((block) => block.type));
      });
    },
    60_000,
  );
});

describe('the table "MCP tools inside model requests"', () => {
  it('docs/compatibility-mcp-loop.json holds this run', () => {
    expect(cells, 'run the whole file: the table needs every cell').toHaveLength(2 * CELLS.length);
    keepResults({
      callers: [
        {
          id: 'openai-responses',
          title: 'OpenAI Responses (`mcp` tool)',
          judge: `openai ${installedVersion('openai')}`,
        },
        {
          id: 'anthropic-messages',
          title: 'Anthropic Messages (`mcp_servers`)',
          judge: `@anthropic-ai/sdk ${installedVersion('@anthropic-ai/sdk')}`,
        },
      ],
      upstreams: UPSTREAMS,
      cells,
    });
  });
});
