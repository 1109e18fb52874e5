import OpenAI from 'openai';
import type { ResponseCreateParamsNonStreaming, ResponseInputItem } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { bodiesSent, chatModel } from './responses-e2e.test-support.js';

let harness: Harness;
let client: OpenAI;

/** Tools as Codex sends its MCP server's tools: a `namespace` (not in the SDK's types yet). */
const tools = [
  {
    type: 'namespace',
    name: 'mcp__interlingua',
    description: 'Tools of the interlingua MCP server',
    tools: [
      {
        type: 'function',
        name: 'echo',
        description: 'Echoes text',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
        strict: false,
      },
    ],
  },
] as unknown as ResponseCreateParamsNonStreaming['tools'];

beforeAll(async () => {
  harness = await startHarness(chatModel());
  client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => harness.close());

function lastChatBody(): Record<string, unknown> {
  const body = bodiesSent(harness.upstream.requests, '/chat/completions').at(-1);
  if (!body) throw new Error('the chat upstream received no request');
  return body;
}

describe('Codex namespaced tools through a chat upstream', () => {
  it('offers the namespace tool flat and answers its call with the namespace', async () => {
    const response = await client.responses.create({ model: 'up/gpt-4o', input: 'Echo Paris', tools });
    const offered = (lastChatBody().tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name);
    expect(offered).toEqual(['mcp__interlingua__echo']);
    expect(response.output).toEqual([
      expect.objectContaining({ type: 'function_call', name: 'echo', namespace: 'mcp__interlingua' }),
    ]);
  });

  it('streams the call with the namespace on the added and done items', async () => {
    const stream = await client.responses.create({ model: 'up/gpt-4o', input: 'Echo Paris', tools, stream: true });
    const items: unknown[] = [];
    for await (const event of stream)
      if (event.type === 'response.output_item.added' || event.type === 'response.output_item.done')
        items.push(event.item);
    expect(items).toEqual([
      expect.objectContaining({ type: 'function_call', name: 'echo', namespace: 'mcp__interlingua' }),
      expect.objectContaining({ type: 'function_call', name: 'echo', namespace: 'mcp__interlingua' }),
    ]);
  });

  it('replays a namespaced call and its output to the upstream under the flat name', async () => {
    const input = [
      { role: 'user', content: 'Echo Paris' },
      { type: 'function_call', call_id: 'call_1', name: 'echo', namespace: 'mcp__interlingua', arguments: '{}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'Paris' },
    ] as unknown as ResponseInputItem[];
    const response = await client.responses.create({ model: 'up/gpt-4o', input, tools });
    expect(response.output_text).toBe('The tool said: Paris');
    const messages = lastChatBody().messages as Array<{ tool_calls?: Array<{ function: { name: string } }> }>;
    const replayed = messages.flatMap((message) => message.tool_calls ?? []).map((call) => call.function.name);
    expect(replayed).toEqual(['mcp__interlingua__echo']);
  });
  it('shortens a flat name over 64 characters for the upstream and still answers with the namespace', async () => {
    const namespace = `mcp__${'a_long_server_name'.repeat(3)}`; // 59 characters: 65 with `__echo`
    const [tool] = tools as unknown as Array<Record<string, unknown>>;
    const longTools = [{ ...tool, name: namespace }] as unknown as ResponseCreateParamsNonStreaming['tools'];
    const response = await client.responses.create({ model: 'up/gpt-4o', input: 'Echo Paris', tools: longTools });
    const offered = (lastChatBody().tools as Array<{ function: { name: string } }>).map((entry) => entry.function.name);
    expect(offered[0]?.length).toBeLessThanOrEqual(64);
    expect(response.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'echo', namespace })]);
  });
});
