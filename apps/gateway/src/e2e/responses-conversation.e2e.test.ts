import OpenAI from 'openai';
import type { Response, ResponseCreateParamsStreaming, ResponseInputItem } from 'openai/resources/responses/responses';
import { startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { anthropicModel, bodiesSent, chatModel } from './responses-e2e.test-support.js';

let harness: Harness;
let chatUpstream: LoopbackUpstream;
let client: OpenAI;

const tools: ResponseCreateParamsStreaming['tools'] = [
  {
    type: 'function',
    name: 'get_weather',
    description: 'Weather in a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
    strict: true,
  },
];

beforeAll(async () => {
  chatUpstream = await startLoopbackUpstream(chatModel());
  harness = await startHarness(anthropicModel(), {
    upstreamProvider: { type: 'anthropic' },
    providers: [{ id: 'chat', type: 'openai', baseUrl: `${chatUpstream.url}/v1`, apiKey: 'chat-secret' }],
    models: [{ name: 'chat/*', targets: [{ provider: 'chat' }] }],
  });
  client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => {
  await harness.close();
  await chatUpstream.close();
});

/** One streamed turn, checked event by event the way the SDK's accumulator checks it. */
async function streamTurn(params: Omit<ResponseCreateParamsStreaming, 'stream'>): Promise<Response> {
  const stream = client.responses.stream(params);
  const sequence: number[] = [];
  stream.on('event', (event) => sequence.push(event.sequence_number));
  const final = await stream.finalResponse();
  expect(sequence).toEqual(sequence.map((_, i) => i));
  return final;
}

function callOf(response: Response): { call_id: string; name: string; arguments: string } {
  const call = response.output.find((item) => item.type === 'function_call');
  if (call?.type !== 'function_call')
    throw new Error(`expected a function call, got ${response.output.map((item) => item.type).join(', ')}`);
  return call;
}

const upstreams = [
  {
    name: 'an Anthropic upstream',
    model: 'up/claude-sonnet-4-5',
    requests: () => bodiesSent(harness.upstream.requests, '/v1/messages'),
  },
  {
    name: 'an OpenAI chat upstream',
    model: 'chat/gpt-4o',
    requests: () => bodiesSent(chatUpstream.requests, '/chat/completions'),
  },
];

describe.each(upstreams)(
  'a Responses client holding a streamed, tool-using conversation with $name',
  ({ model, requests }) => {
    it('sends every earlier item back itself (store: false)', async () => {
      const input: ResponseInputItem[] = [{ role: 'user', content: 'Weather in Paris?' }];
      const sentBefore = requests().length;
      for (const question of ['Weather in Paris?', 'And tomorrow?']) {
        if (question !== 'Weather in Paris?') input.push({ role: 'user', content: question });
        const asked = await streamTurn({ model, input, tools, store: false, instructions: 'Use the tools.' });
        const call = callOf(asked);
        expect(JSON.parse(call.arguments)).toEqual({ city: 'Paris' });
        input.push(...(asked.output as ResponseInputItem[]), {
          type: 'function_call_output',
          call_id: call.call_id,
          output: `forecast for ${question}`,
        });
        const answered = await streamTurn({ model, input, tools, store: false, instructions: 'Use the tools.' });
        expect(answered.output_text).toBe(`The tool said: forecast for ${question}`);
        input.push(...(answered.output as ResponseInputItem[]));
      }
      expect(requests().length - sentBefore).toBe(4);
    });

    it('lets the gateway keep the conversation (previous_response_id), reasoning included', async () => {
      const reasoning = { effort: 'low' as const, summary: 'auto' as const };
      let previous = await streamTurn({ model, input: 'Weather in Paris?', tools, reasoning, max_output_tokens: 4000 });
      for (const turn of [1, 2]) {
        const call = callOf(previous);
        const answered = await streamTurn({
          model,
          previous_response_id: previous.id,
          input: [{ type: 'function_call_output', call_id: call.call_id, output: `forecast ${turn}` }],
          tools,
          reasoning,
          max_output_tokens: 4000,
        });
        expect(answered.output_text).toBe(`The tool said: forecast ${turn}`);
        if (turn === 2) break;
        previous = await streamTurn({
          model,
          previous_response_id: answered.id,
          input: 'And tomorrow?',
          tools,
          reasoning,
          max_output_tokens: 4000,
        });
      }
      const last = requests().at(-1) as { messages: Array<{ role: string }> };
      expect(last.messages.filter((message) => message.role === 'user').length).toBeGreaterThanOrEqual(2);
    });
  },
);
