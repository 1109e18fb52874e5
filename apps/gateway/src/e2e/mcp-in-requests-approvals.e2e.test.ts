import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PREFIX, startLoopGateway, type LoopGateway } from './mcp-in-requests-gateway.test-support.js';
import {
  ECHO_ANSWER,
  expectEchoMessage,
  expectEchoResponse,
  outputText,
  responsesAnswerProblems,
  type OutputItem,
  sdkClients,
} from './mcp-in-requests-judges.test-support.js';
import { ECHO_MESSAGE } from './mcp-in-requests-model.test-support.js';
import type { ScriptedWire } from './mcp-in-requests-upstreams.test-support.js';

/**
 * Approvals of MCP calls the gateway runs for a Responses caller (`require_approval`): the first
 * answer stops at an `mcp_approval_request`; the caller's `mcp_approval_response` in the next turn,
 * by `previous_response_id` or with `store: false` and the whole input sent again, lets the call
 * run and the model answer; a denial makes the model answer without the call.
 */
let loop: LoopGateway;
let openai: OpenAI;
let anthropic: Anthropic;

beforeAll(async () => {
  loop = await startLoopGateway();
  ({ openai, anthropic } = sdkClients(loop.url));
}, 60_000);
afterAll(async () => loop.close());

const mcpTool = (): OpenAI.Responses.Tool.Mcp => ({
  type: 'mcp',
  server_label: 'everything',
  server_url: `${loop.url}/mcp/everything`,
  require_approval: 'always',
});
const USER: ResponseInputItem = { role: 'user', content: 'Echo the loop marker, then tell me what it said.' };

/** The first turn: asks, and expects the answer to stop at one approval request for `echo`. */
async function askForApproval(
  model: string,
  store: boolean,
): Promise<{ response: OpenAI.Responses.Response; request: OutputItem }> {
  const response = await openai.responses.create({ model, input: [USER], tools: [mcpTool()], store });
  const output = response.output as unknown as OutputItem[];
  expect(output.map((item) => item.type)).toEqual(['mcp_list_tools', 'mcp_approval_request']);
  const request = output[1]!;
  expect(request).toMatchObject({ server_label: 'everything', name: 'echo' });
  expect(JSON.parse(String(request.arguments))).toEqual({ message: ECHO_MESSAGE });
  expect(responsesAnswerProblems(response)).toEqual([]);
  return { response, request };
}

const approval = (request: OutputItem, approve: boolean): ResponseInputItem => ({
  type: 'mcp_approval_response',
  approval_request_id: String(request.id),
  approve,
});

const WIRES: ScriptedWire[] = ['openai-chat', 'gemini', 'anthropic-messages'];

describe.each(WIRES)('require_approval: always on the %s upstream', (wire) => {
  const model = (): string => `${ROUTE_PREFIX[wire]}/echo`;

  it('runs the call once approved through previous_response_id', async () => {
    const { response, request } = await askForApproval(model(), true);
    const next = await openai.responses.create({
      model: model(),
      previous_response_id: response.id,
      input: [approval(request, true)],
      tools: [mcpTool()],
    });
    const output = next.output as unknown as OutputItem[];
    const call = output.find((item) => item.type === 'mcp_call');
    expect(call).toMatchObject({ name: 'echo', output: `Echo: ${ECHO_MESSAGE}`, approval_request_id: request.id });
    expect(outputText(output)).toBe(ECHO_ANSWER);
    expect(responsesAnswerProblems(next)).toEqual([]);
  }, 60_000);

  it('runs the call once approved with store: false and the whole input sent again', async () => {
    const { response, request } = await askForApproval(model(), false);
    const input = [USER, ...(response.output as ResponseInputItem[]), approval(request, true)];
    const next = await openai.responses.create({ model: model(), input, tools: [mcpTool()], store: false });
    const output = next.output as unknown as OutputItem[];
    expect(output.find((item) => item.type === 'mcp_call')).toMatchObject({
      name: 'echo',
      output: `Echo: ${ECHO_MESSAGE}`,
      approval_request_id: request.id,
    });
    expect(outputText(output)).toBe(ECHO_ANSWER);
  }, 60_000);

  it('lets the model answer without the call when the caller denies it', async () => {
    const { response, request } = await askForApproval(model(), true);
    const next = await openai.responses.create({
      model: model(),
      previous_response_id: response.id,
      input: [approval(request, false)],
      tools: [mcpTool()],
    });
    const output = next.output as unknown as OutputItem[];
    expect(output.filter((item) => item.type === 'mcp_call' && item.output)).toEqual([]);
    expect(output.filter((item) => item.type === 'mcp_approval_request')).toEqual([]);
    expect(outputText(output)).not.toContain(`Echo: ${ECHO_MESSAGE}`);
    expect(outputText(output).length).toBeGreaterThan(0);
  }, 60_000);
});

/** The function tools each chat upstream request since `before` offered. */
const offeredSince = (before: number): string[][] =>
  loop.upstreams['openai-chat'].requests.slice(before).map((request) => {
    const body = request.json() as { tools?: Array<{ function: { name: string } }> };
    return (body.tools ?? []).map((tool) => tool.function.name);
  });

describe('allowed tools', () => {
  it('(Anthropic tool_configuration) offers the model only the allowed tools, then runs the call', async () => {
    const before = loop.upstreams['openai-chat'].requests.length;
    const message = await anthropic.beta.messages.create({
      model: 'chat/echo',
      max_tokens: 256,
      messages: [{ role: 'user', content: 'Echo the loop marker.' }],
      mcp_servers: [
        {
          type: 'url',
          url: `${loop.url}/mcp/everything`,
          name: 'everything',
          tool_configuration: { enabled: true, allowed_tools: ['echo'] },
        },
      ],
      betas: ['mcp-client-2025-04-04'],
    });
    expectEchoMessage(message);
    expect(offeredSince(before)).toEqual([['everything__echo'], ['everything__echo']]);
  }, 60_000);

  it('(Responses allowed_tools) lists and offers the model only the allowed tools, then runs the call', async () => {
    const tools = [{ ...mcpTool(), require_approval: 'never' as const, allowed_tools: ['echo'] }];
    const before = loop.upstreams['openai-chat'].requests.length;
    const response = await openai.responses.create({ model: 'chat/echo', input: [USER], tools });
    expectEchoResponse(response);
    const list = (response.output as unknown as OutputItem[])[0];
    expect((list?.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual(['echo']);
    expect(offeredSince(before)).toEqual([['everything__echo'], ['everything__echo']]);
  }, 60_000);
});
