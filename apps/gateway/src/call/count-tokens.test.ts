import { anthropicCountTokensRequestToIr } from '@interlingua/anthropic-messages';
import { IrError, type IrRequest } from '@interlingua/ir';
import { closeDefaultDispatcher } from '@interlingua/provider-adapters';
import {
  anthropicUpstreamCountTokensRequestSchema,
  sendJson,
  startLoopbackUpstream,
  type LoopbackUpstream,
} from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { createGateway, type Gateway } from '../gateway.js';
import { countInputTokens, estimateInputTokens, type CountTokensInput } from './count-tokens.js';

let upstream: LoopbackUpstream;
let gateway: Gateway;
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  upstream = await startLoopbackUpstream((_request, response) => sendJson(response, answer.status, answer.body));
  gateway = createGateway(
    configSchema.parse({
      providers: [
        { id: 'claude', type: 'anthropic', baseUrl: upstream.url, apiKey: 'anthropic-secret' },
        { id: 'google', type: 'gemini', baseUrl: `${upstream.url}/v1beta`, apiKey: 'gemini-secret' },
        { id: 'responses', type: 'openai', baseUrl: `${upstream.url}/v1`, apiKey: 'openai-secret', api: 'responses' },
        { id: 'chat', type: 'openai', baseUrl: `${upstream.url}/v1`, apiKey: 'openai-secret' },
        { id: 'mock', type: 'mock' },
      ],
      models: [
        { name: 'claude/*', targets: [{ provider: 'claude' }] },
        { name: 'google/*', targets: [{ provider: 'google' }] },
        { name: 'responses/*', targets: [{ provider: 'responses' }] },
        { name: 'chat/*', targets: [{ provider: 'chat' }] },
        { name: 'mock', targets: [{ provider: 'mock' }] },
      ],
    }),
  );
});

afterAll(async () => {
  await upstream.close();
  await closeDefaultDispatcher();
});

beforeEach(() => {
  upstream.requests.length = 0;
});

const TOOLS = [
  {
    name: 'get_weather',
    description: 'Weather of a city',
    input_schema: { type: 'object', properties: { city: { type: 'string' } } },
  },
];

function irFor(model: string): IrRequest {
  return anthropicCountTokensRequestToIr({
    model,
    system: 'Be brief.',
    messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
    tools: TOOLS,
  }).value;
}

function input(model: string, headers: CountTokensInput['headers'] = {}): CountTokensInput {
  const route = gateway.router.resolve(model);
  if (!route) throw new Error(`no route for ${model}`);
  return {
    ir: irFor(model),
    inbound: 'anthropic-messages',
    route,
    headers,
    requestId: 'req_count',
    signal: new AbortController().signal,
  };
}

function lastBody(): Record<string, unknown> {
  const request = upstream.requests.at(-1);
  if (!request) throw new Error('no upstream request');
  return request.json() as Record<string, unknown>;
}

describe('countInputTokens natively', () => {
  it('asks Anthropic count_tokens with the Messages body minus max_tokens and stream, forwarding anthropic-beta', async () => {
    answer = { status: 200, body: { input_tokens: 42 } };
    const count = await countInputTokens(
      input('claude/claude-sonnet-4', { 'anthropic-beta': 'token-counting-2024-11-01' }),
    );
    expect(count).toMatchObject({ inputTokens: 42, estimated: false, warnings: [] });
    const request = upstream.requests.at(-1)!;
    expect(request.url).toBe('/v1/messages/count_tokens');
    expect(request.headers).toMatchObject({
      'x-api-key': 'anthropic-secret',
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'token-counting-2024-11-01',
      'x-request-id': 'req_count',
    });
    const body = anthropicUpstreamCountTokensRequestSchema.parse(lastBody());
    expect(body).toMatchObject({ model: 'claude-sonnet-4', system: 'Be brief.', tools: [{ name: 'get_weather' }] });
  });

  it("signs the count like generation: mcp_servers get the MCP connector beta beside the caller's", async () => {
    answer = { status: 200, body: { input_tokens: 7 } };
    const withServers = input('claude/claude-sonnet-4', { 'anthropic-beta': 'token-counting-2024-11-01' });
    withServers.ir = anthropicCountTokensRequestToIr({
      model: 'claude/claude-sonnet-4',
      messages: [{ role: 'user', content: 'List the files.' }],
      mcp_servers: [{ type: 'url', url: 'https://mcp.example.com/sse', name: 'files' }],
    }).value;
    await countInputTokens(withServers);
    const request = upstream.requests.at(-1)!;
    expect(request.headers['anthropic-beta']).toBe('token-counting-2024-11-01,mcp-client-2025-04-04');
    expect(lastBody()).toMatchObject({ mcp_servers: [{ name: 'files' }] });
  });

  it('asks Gemini :countTokens with the whole generateContentRequest', async () => {
    answer = { status: 200, body: { totalTokens: 17, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 17 }] } };
    const count = await countInputTokens(input('google/gemini-2.5-flash'));
    expect(count).toMatchObject({ inputTokens: 17, estimated: false });
    const request = upstream.requests.at(-1)!;
    expect(request.url).toBe('/v1beta/models/gemini-2.5-flash:countTokens');
    expect(request.headers['x-goog-api-key']).toBe('gemini-secret');
    const body = lastBody() as { generateContentRequest: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['generateContentRequest']);
    expect(body.generateContentRequest).toMatchObject({
      model: 'models/gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'What is the weather in Paris?' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      tools: [{ functionDeclarations: [{ name: 'get_weather' }] }],
    });
  });

  it('asks OpenAI responses/input_tokens with only the fields it takes', async () => {
    answer = { status: 200, body: { object: 'response.input_tokens', input_tokens: 23 } };
    const count = await countInputTokens(input('responses/gpt-5'));
    expect(count).toMatchObject({ inputTokens: 23, estimated: false });
    const request = upstream.requests.at(-1)!;
    expect(request.url).toBe('/v1/responses/input_tokens');
    expect(request.headers.authorization).toBe('Bearer openai-secret');
    const body = lastBody();
    expect(body).toMatchObject({ model: 'gpt-5', tools: [{ type: 'function', name: 'get_weather' }] });
    const allowed = [
      'model',
      'input',
      'instructions',
      'tools',
      'tool_choice',
      'parallel_tool_calls',
      'reasoning',
      'text',
      'truncation',
      'conversation',
      'previous_response_id',
      'personality',
    ];
    expect(Object.keys(body).filter((key) => !allowed.includes(key))).toEqual([]);
  });

  it("throws the upstream's error as an IrError", async () => {
    answer = {
      status: 404,
      body: { type: 'error', error: { type: 'not_found_error', message: 'model: claude-nope' } },
    };
    const error = await countInputTokens(input('claude/claude-nope')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IrError);
    expect((error as IrError).data).toMatchObject({ kind: 'not-found', status: 404, source: 'upstream' });
  });

  it('refuses an answer without a count', async () => {
    answer = { status: 200, body: { tokens: 3 } };
    await expect(countInputTokens(input('claude/claude-sonnet-4'))).rejects.toMatchObject({
      data: { kind: 'upstream-error' },
    });
  });
});

describe('countInputTokens by the local estimate', () => {
  it.each(['chat/gpt-4o', 'mock'])('%s: characters/4 rounded up, flagged approximated', async (model) => {
    const count = await countInputTokens(input(model));
    expect(count.estimated).toBe(true);
    expect(count.inputTokens).toBe(estimateInputTokens(irFor(model)));
    expect(count.warnings).toEqual([
      { kind: 'approximated', field: 'input_tokens', message: expect.stringMatching(/^estimated locally/) },
    ]);
    expect(upstream.requests).toHaveLength(0);
  });

  it('counts message, system, tool-call, tool-result and tool text, not files', () => {
    const ir: IrRequest = {
      model: 'm',
      stream: false,
      sampling: {},
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'abcd' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'ab' },
            { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'AAAAAAAAAAAA' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'r' },
            { type: 'tool-call', id: 'c', name: 'fn', argumentsJson: '{}' },
          ],
        },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'fn', content: [{ type: 'text', text: 'ok' }] }],
        },
      ],
      tools: [{ name: 'fn', description: 'd', parameters: { type: 'object' } }],
    };
    // 4 + 2 + 1 + (2 + 2) + 2 + (2 + 1 + 17) = 33 characters -> 9 tokens
    expect(estimateInputTokens(ir)).toBe(9);
    expect(estimateInputTokens({ model: 'm', stream: false, sampling: {}, messages: [] })).toBe(0);
  });

  it('names the caller style field in the warning', async () => {
    const count = await countInputTokens({ ...input('mock'), inbound: 'gemini' });
    expect(count.warnings[0]?.field).toBe('totalTokens');
  });
});
