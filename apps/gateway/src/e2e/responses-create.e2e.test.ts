import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { parseSseText } from '@interlingua/ir-utils';
import {
  openAiResponsesStrictResponseSchema,
  openAiResponsesStrictStreamEventSchema,
} from '@interlingua/openai-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { anthropicModel, bodiesSent } from './responses-e2e.test-support.js';

let harness: Harness;
let client: OpenAI;

const weatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Weather in a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
  strict: true,
};

beforeAll(async () => {
  harness = await startHarness(anthropicModel(), { upstreamProvider: { type: 'anthropic' } });
  client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => harness.close());

/** A WebSocket handshake request (fetch cannot send one): the status and body of the answer. */
function anthropicBodies(): Record<string, unknown>[] {
  return bodiesSent(harness.upstream.requests, '/v1/messages');
}

describe('responses.create through the gateway (mock and Anthropic upstreams)', () => {
  it('answers a string input with output_text, the gateway id and the echoed request fields', async () => {
    const response = await client.responses.create({
      model: 'mock',
      input: 'Hello',
      instructions: 'Be brief.',
      temperature: 0.3,
      metadata: { run: 'a' },
    });
    expect(response.output_text).toBe('You said: Hello');
    expect(response.id).toMatch(/^resp_ilg_/);
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      instructions: 'Be brief.',
      temperature: 0.3,
      metadata: { run: 'a' },
      store: true,
    });
    expect(response.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('reads item input and sends instructions as Anthropic system text', async () => {
    const response = await client.responses.create({
      model: 'up/claude-sonnet-4-5',
      instructions: 'You are terse.',
      input: [
        { role: 'developer', content: 'Answer in English.' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What is the capital of France?' }] },
      ],
    });
    expect(response.output_text).toBe('Turn 1: What is the capital of France?');
    const sent = anthropicBodies().at(-1);
    expect(sent?.system).toEqual([
      { type: 'text', text: 'You are terse.' },
      { type: 'text', text: 'Answer in English.' },
    ]);
  });

  it('carries function tools and answers a function_call item', async () => {
    const response = await client.responses.create({
      model: 'up/claude-sonnet-4-5',
      input: 'Weather in Paris?',
      tools: [weatherTool],
    });
    const call = response.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', status: 'completed' });
    expect(call?.type === 'function_call' && JSON.parse(call.arguments)).toEqual({ city: 'Paris' });
    expect(response.tools).toEqual([expect.objectContaining({ name: 'get_weather', type: 'function' })]);
    expect(anthropicBodies().at(-1)?.tools).toEqual([
      expect.objectContaining({ name: 'get_weather', input_schema: weatherTool.parameters }),
    ]);
  });

  it('holds a two-turn function-call round trip, sending the earlier items back', async () => {
    const input: ResponseInputItem[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const first = await client.responses.create({
      model: 'up/claude-sonnet-4-5',
      input,
      tools: [weatherTool],
      store: false,
    });
    const call = first.output.find((item) => item.type === 'function_call');
    if (call?.type !== 'function_call') throw new Error('expected a function call');
    input.push(...(first.output as ResponseInputItem[]), {
      type: 'function_call_output',
      call_id: call.call_id,
      output: '{"temp":21}',
    });
    const second = await client.responses.create({
      model: 'up/claude-sonnet-4-5',
      input,
      tools: [weatherTool],
      store: false,
    });
    expect(second.output_text).toBe('The tool said: {"temp":21}');
    const messages = anthropicBodies().at(-1)?.messages as Array<{
      role: string;
      content: Array<Record<string, unknown>>;
    }>;
    expect(messages.at(-2)?.content).toEqual([expect.objectContaining({ type: 'tool_use', name: 'get_weather' })]);
    expect(messages.at(-1)?.content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: messages.at(-2)?.content[0]?.id,
    });
  });

  it('carries structured output through text.format', async () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, population: { type: 'integer' } },
      required: ['city', 'population'],
      additionalProperties: false,
    };
    const response = await client.responses.create({
      model: 'mock',
      input: 'A city',
      text: { format: { type: 'json_schema', name: 'city', schema, strict: true } },
    });
    expect(JSON.parse(response.output_text)).toEqual({ city: 'mock', population: 1 });
    expect(response.text?.format).toMatchObject({ type: 'json_schema', name: 'city' });
  });

  it('streams with responses.stream() and finalResponse(), the id being the one it is stored under', async () => {
    const stream = client.responses.stream({
      model: 'up/claude-sonnet-4-5',
      input: 'Stream please',
      instructions: 'Stream it.',
    });
    const types: string[] = [];
    let text = '';
    stream.on('event', (event) => types.push(event.type));
    stream.on('response.output_text.delta', (event) => (text += event.delta));
    const final = await stream.finalResponse();
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(text).toBe('Turn 1: Stream please');
    expect(final.output_text).toBe(text);
    expect(final.instructions).toBe('Stream it.');
    const stored = await client.responses.retrieve(final.id);
    expect(final.output).toMatchObject(stored.output);
    expect(stored.id).toBe(final.id);
    expect(stored.output_text).toBe(text);
  });

  it('maps reasoning.effort to an Anthropic thinking budget and answers the thinking as a reasoning summary', async () => {
    const response = await client.responses.create({
      model: 'up/claude-sonnet-4-5',
      input: 'Think first',
      reasoning: { effort: 'low', summary: 'auto' },
      max_output_tokens: 4000,
    });
    const sent = anthropicBodies().at(-1);
    expect(sent?.thinking).toMatchObject({ type: 'enabled' });
    expect((sent?.thinking as { budget_tokens: number }).budget_tokens).toBeGreaterThanOrEqual(1024);
    const reasoning = response.output.find((item) => item.type === 'reasoning');
    expect(reasoning?.type === 'reasoning' && reasoning.summary.map((s) => s.text).join('')).toBe(
      'Thinking about turn 1.',
    );
    expect(reasoning && 'encrypted_content' in reasoning ? reasoning.encrypted_content : undefined).toBeUndefined();
    expect(response.output_text).toBe('Turn 1: Think first');
  });

  it('streams reasoning summary events from the mock', async () => {
    const stream = client.responses.stream({ model: 'mock', input: 'why', reasoning: { effort: 'medium' } });
    const summary: string[] = [];
    stream.on('response.reasoning_summary_text.delta', (event) => summary.push(event.delta));
    const final = await stream.finalResponse();
    expect(summary.join('')).toMatch(/^The request has \d+ message/);
    expect(final.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
  });
});

describe('ends other than completed', () => {
  const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');

  it('answers a length stop as incomplete, streamed and not', async () => {
    const response = await client.responses.create({ model: 'mock', input: long, max_output_tokens: 16 });
    expect(response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    const stream = await client.responses.create({ model: 'mock', input: long, max_output_tokens: 16, stream: true });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types.at(-1)).toBe('response.incomplete');
    expect(types).not.toContain('response.completed');
  });

  it('reports an upstream failure after the first event in-band: error then response.failed, finalResponse() rejects', async () => {
    harness.upstream.setHandler(async (request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const start = {
        type: 'message_start',
        message: {
          id: 'msg_x',
          type: 'message',
          role: 'assistant',
          model: 'm',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      };
      response.write(`event: message_start\ndata: ${JSON.stringify(start)}\n\n`);
      response.write(
        'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
      );
      response.write(
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}}\n\n',
      );
      response.end(
        'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
      );
      void request;
    });
    try {
      const raw = await client.responses.create({ model: 'up/claude-sonnet-4-5', input: 'x', stream: true });
      const types: string[] = [];
      for await (const event of raw) types.push(event.type);
      expect(types.slice(-3)).toEqual(['response.output_text.delta', 'error', 'response.failed']);
      const failure = client.responses.stream({ model: 'up/claude-sonnet-4-5', input: 'x' }).finalResponse();
      await expect(failure).rejects.toMatchObject({ type: 'error', message: expect.stringContaining('Overloaded') });
    } finally {
      harness.upstream.setHandler(anthropicModel());
    }
  });
});

describe('the /v1/responses endpoint beside generation', () => {
  it('answers a plain GET (no WebSocket upgrade) with 405', async () => {
    const plain = await fetch(`${harness.url}/v1/responses`, { headers: { authorization: `Bearer ${GATEWAY_KEY}` } });
    expect(plain.status).toBe(405);
  });

  it('writes answers and stream events that pass the strict Responses schemas', async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${harness.url}/v1/responses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const body = {
      model: 'up/claude-sonnet-4-5',
      input: 'Weather?',
      tools: [weatherTool],
      reasoning: { effort: 'low' },
      max_output_tokens: 4000,
      instructions: 'Check.',
    };
    const answer = openAiResponsesStrictResponseSchema.parse(await (await post(body)).json());
    expect(answer.output.map((item) => item.type)).toEqual(['reasoning', 'function_call']);
    const events = parseSseText(await (await post({ ...body, stream: true })).text());
    for (const event of events) openAiResponsesStrictStreamEventSchema.parse(JSON.parse(event.data));
    expect(events.map((event) => event.event).at(-1)).toBe('response.completed');
  });

  it('tolerates ?beta=true', async () => {
    const response = await fetch(`${harness.url}/v1/responses?beta=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock', input: 'beta' }),
    });
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { output: Array<{ content: Array<{ text: string }> }> }).output[0]?.content[0]?.text,
    ).toBe('You said: beta');
  });

  it('answers invalid input with a 400 naming the field', async () => {
    const error = await client.responses
      .create({ model: 'mock', input: [{ type: 'function_call_output', output: 'x' } as never] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain('call_id');
  });
});
