import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_TEXT, startLoopGateway, type LoopGateway } from './mcp-in-requests-gateway.test-support.js';
import {
  outputText,
  responsesAnswerProblems,
  resultText,
  streamResponse,
  type ContentBlock,
  type OutputItem,
  sdkClients,
} from './mcp-in-requests-judges.test-support.js';
import { ANSWER_HEAD, ECHO_MESSAGE } from './mcp-in-requests-model.test-support.js';

/**
 * Faults inside the loop the gateway runs: a tool that fails gives an `mcp_call` with `error` (an
 * `mcp_tool_result` with `is_error`) and the model carries on; a tool slower than
 * `mcp.limits.callTimeoutMs` gives an error too and the request finishes; a function tool the
 * caller declared beside the MCP server comes back to the caller as its own function call.
 */
let loop: LoopGateway;
let openai: OpenAI;
let anthropic: Anthropic;

beforeAll(async () => {
  loop = await startLoopGateway({ mcp: { limits: { callTimeoutMs: 1_500 } } });
  ({ openai, anthropic } = sdkClients(loop.url));
}, 60_000);
afterAll(async () => loop.close());

const faultsTool = (): OpenAI.Responses.Tool.Mcp => ({
  type: 'mcp',
  server_label: 'faults',
  server_url: `${loop.url}/mcp/faults`,
  require_approval: 'never',
});
const faultsServer = () => ({ type: 'url' as const, url: `${loop.url}/mcp/faults`, name: 'faults' });
const weatherTool: OpenAI.Responses.FunctionTool = {
  type: 'function',
  name: 'get_weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};

const callOf = (output: OutputItem[]): OutputItem | undefined => output.find((item) => item.type === 'mcp_call');
/** Today's `mcp_call.error` for a tool's own failure result, its text holding `text`. */
const toolError = (text: string) => ({
  type: 'mcp_tool_execution_error',
  content: [{ type: 'text', text: expect.stringContaining(text) }],
});

describe('a failing tool', () => {
  it.each(['chat/failing', 'gemini/failing'])(
    'gives the Responses caller an mcp_call with its error, and the answer (%s)',
    async (model) => {
      const response = await openai.responses.create({ model, input: 'Try it.', tools: [faultsTool()] });
      const output = response.output as unknown as OutputItem[];
      expect(callOf(output)).toMatchObject({ name: 'fail', server_label: 'faults' });
      expect(callOf(output)?.error).toMatchObject(toolError(FAILURE_TEXT));
      expect(callOf(output)?.output ?? null).toBeNull();
      expect(outputText(output)).toContain(ANSWER_HEAD);
      expect(outputText(output)).toContain(FAILURE_TEXT);
      expect(responsesAnswerProblems(response)).toEqual([]);
    },
    60_000,
  );

  it('streams the failed mcp_call to the Responses caller, and the answer', async () => {
    const params = { model: 'chat/failing', input: 'Try it.', tools: [faultsTool()] };
    const { events, completed, final } = await streamResponse(openai, params);
    expect(events).toContain('response.mcp_call.failed');
    expect(responsesAnswerProblems(completed)).toEqual([]);
    expect(callOf(final.output as unknown as OutputItem[])?.error).toMatchObject(toolError(FAILURE_TEXT));
    expect(outputText(final.output as unknown as OutputItem[])).toContain(FAILURE_TEXT);
  }, 60_000);

  it('gives the Anthropic caller an mcp_tool_result with is_error, and the answer', async () => {
    const message = await anthropic.beta.messages.create({
      model: 'chat/failing',
      max_tokens: 256,
      messages: [{ role: 'user', content: 'Try it.' }],
      mcp_servers: [faultsServer()],
      betas: ['mcp-client-2025-04-04'],
    });
    const content = message.content as unknown as ContentBlock[];
    const result = content.find((block) => block.type === 'mcp_tool_result');
    expect(result).toMatchObject({ is_error: true });
    expect(resultText(result?.content)).toContain(FAILURE_TEXT);
    expect(content.at(-1)).toMatchObject({ type: 'text' });
    expect(String(content.at(-1)?.text)).toContain(FAILURE_TEXT);
  }, 60_000);
});

describe('a tool slower than mcp.limits.callTimeoutMs', () => {
  it.each([false, true])(
    'ends in an mcp_call error and an answer, not a hung request (stream: %s)',
    async (stream) => {
      const params = { model: 'chat/slow', input: 'Take your time.', tools: [faultsTool()] };
      const response = stream
        ? await openai.responses.stream(params).finalResponse()
        : await openai.responses.create(params);
      const output = response.output as unknown as OutputItem[];
      expect(callOf(output)).toMatchObject({ name: 'slow' });
      // A call past the bound is the protocol's failure (a JSON-RPC timeout), not the tool's.
      expect(callOf(output)?.error).toMatchObject({
        type: 'mcp_protocol_error',
        message: expect.stringMatching(/timed out/i),
      });
      expect(outputText(output)).toContain(ANSWER_HEAD);
      expect(response.status).toBe('completed');
    },
    60_000,
  );
});

describe('a function tool the caller declared beside the MCP server', () => {
  it.each([false, true])(
    'comes back to the Responses caller as its function call (stream: %s)',
    async (stream) => {
      const params = { model: 'chat/caller-and-mcp', input: 'Both.', tools: [faultsTool(), weatherTool] };
      // A stream is judged by the response its `response.completed` event carries, as sent.
      const response = stream
        ? (await streamResponse(openai, params)).completed
        : await openai.responses.create(params);
      const output = (response?.output ?? []) as OutputItem[];
      const calls = output.filter((item) => item.type === 'function_call');
      expect(calls).toEqual([expect.objectContaining({ name: 'get_weather', arguments: '{"city":"Paris"}' })]);
      expect(callOf(output)).toMatchObject({ name: 'echo', output: `Echo: ${ECHO_MESSAGE}` });
      expect(responsesAnswerProblems(response)).toEqual([]);
    },
    60_000,
  );

  it('comes back to the Anthropic caller as its tool_use', async () => {
    const message = await anthropic.beta.messages.create({
      model: 'gemini/caller-and-mcp',
      max_tokens: 256,
      messages: [{ role: 'user', content: 'Both.' }],
      mcp_servers: [faultsServer()],
      tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      betas: ['mcp-client-2025-04-04'],
    });
    const content = message.content as unknown as ContentBlock[];
    expect(content.filter((block) => block.type === 'tool_use')).toEqual([
      expect.objectContaining({ name: 'get_weather', input: { city: 'Paris' } }),
    ]);
    expect(content.find((block) => block.type === 'mcp_tool_use')).toMatchObject({ name: 'echo' });
    expect(message.stop_reason).toBe('tool_use');
  }, 60_000);
});
