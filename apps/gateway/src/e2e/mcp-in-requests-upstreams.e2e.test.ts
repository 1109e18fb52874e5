import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY } from './gateway-harness.test-support.js';
import {
  FAILURE_TEXT,
  ROUTE_PREFIX,
  startLoopGateway,
  type LoopGateway,
} from './mcp-in-requests-gateway.test-support.js';
import { sdkClients } from './mcp-in-requests-judges.test-support.js';
import { connectClient } from './mcp-upstreams.test-support.js';
import { ANSWER_HEAD, ECHO_MESSAGE } from './mcp-in-requests-model.test-support.js';
import type { ScriptedWire } from './mcp-in-requests-upstreams.test-support.js';

/**
 * The scripted upstreams of the MCP-in-requests judges, checked on their own: a chat caller that
 * declares a function tool named like a flattened MCP tool gets the scripted call back through
 * every wire, whole and streamed, and once it sends the result, text quoting it. So a judge that
 * fails on the loop fails on the loop, not on its upstream.
 */
let loop: LoopGateway;
let openai: OpenAI;

beforeAll(async () => {
  loop = await startLoopGateway();
  ({ openai } = sdkClients(loop.url));
}, 60_000);
afterAll(async () => loop.close());

const WIRES = Object.keys(ROUTE_PREFIX) as ScriptedWire[];
const echoTool = {
  type: 'function' as const,
  function: {
    name: 'everything__echo',
    parameters: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  },
};
const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
};

interface Call {
  id: string;
  name: string;
  arguments: string;
}

async function ask(
  model: string,
  stream: boolean,
  messages: ChatCompletionMessageParam[],
): Promise<{ text: string; calls: Call[] }> {
  const tools = [echoTool, weatherTool];
  if (!stream) {
    const answer = await openai.chat.completions.create({ model, messages, tools });
    const message = answer.choices[0]?.message;
    const calls = (message?.tool_calls ?? []).flatMap((call) => (call.type === 'function' ? [call] : []));
    return { text: message?.content ?? '', calls: calls.map((call) => ({ id: call.id, ...call.function })) };
  }
  const runner = openai.chat.completions.stream({ model, messages, tools });
  const message = (await runner.finalChatCompletion()).choices[0]?.message;
  const calls = (message?.tool_calls ?? []).flatMap((call) => (call.type === 'function' ? [call] : []));
  return { text: message?.content ?? '', calls: calls.map((call) => ({ id: call.id, ...call.function })) };
}

describe.each(WIRES)('the scripted %s upstream', (wire) => {
  it.each([false, true])(
    'calls the echo tool, then quotes its result (stream: %s)',
    async (stream) => {
      const user: ChatCompletionMessageParam = { role: 'user', content: 'Echo something.' };
      const first = await ask(`${ROUTE_PREFIX[wire]}/echo`, stream, [user]);
      expect(first.calls).toEqual([
        { id: expect.any(String), name: 'everything__echo', arguments: JSON.stringify({ message: ECHO_MESSAGE }) },
      ]);
      const call = first.calls[0]!;
      const second = await ask(`${ROUTE_PREFIX[wire]}/echo`, stream, [
        user,
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }],
        },
        { role: 'tool', tool_call_id: call.id, content: `Echo: ${ECHO_MESSAGE}` },
      ]);
      expect(second.calls).toEqual([]);
      expect(second.text).toBe(`${ANSWER_HEAD} Echo: ${ECHO_MESSAGE}`);
    },
    30_000,
  );

  it.each([false, true])(
    'calls a caller tool beside the MCP one in one turn (stream: %s)',
    async (stream) => {
      const first = await ask(`${ROUTE_PREFIX[wire]}/caller-and-mcp`, stream, [{ role: 'user', content: 'Both.' }]);
      expect(first.calls.map((call) => call.name)).toEqual(['get_weather', 'everything__echo']);
    },
    30_000,
  );
});

describe('the MCP servers behind the loop gateway', () => {
  it('serves the faults server: echo answers, fail is a tool error', async () => {
    const client = await connectClient(`${loop.url}/mcp/faults`, GATEWAY_KEY);
    try {
      const echo = await client.callTool({ name: 'echo', arguments: { message: ECHO_MESSAGE } });
      expect(echo.content).toEqual([{ type: 'text', text: `Echo: ${ECHO_MESSAGE}` }]);
      const fail = await client.callTool({ name: 'fail', arguments: {} });
      expect(fail).toMatchObject({ isError: true, content: [{ type: 'text', text: FAILURE_TEXT }] });
    } finally {
      await client.close();
    }
  }, 30_000);

  it('serves server-everything, whose echo answers as the scripts quote it', async () => {
    const client = await connectClient(`${loop.url}/mcp/everything`, GATEWAY_KEY);
    try {
      const echo = await client.callTool({ name: 'echo', arguments: { message: ECHO_MESSAGE } });
      expect(echo.content).toEqual([{ type: 'text', text: `Echo: ${ECHO_MESSAGE}` }]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
