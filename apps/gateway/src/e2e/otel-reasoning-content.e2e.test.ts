import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import {
  openAiChatReasoningUpstream,
  sendJson,
  startLoopbackUpstream,
  type LoopbackUpstream,
} from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_PREFIX } from '../reasoning/reasoning-carrier.js';
import { spansOfTrace, type ReceivedSpan } from '../observe/tracing/otlp-receiver.test-support.js';
import { MAX_CONTENT_CHARS } from '../observe/tracing/message-content.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/*
 * What request spans say about reasoning carriers (sealed into an answer, opened from a
 * follow-up turn, dropped when they do not open) and, only on an explicit opt-in, about the
 * messages themselves, as decoded by a loopback OTLP receiver. The upstream is an OpenAI chat
 * reasoning model: its reasoning reaches Anthropic callers sealed in a thinking block's signature.
 */

const SERVER = 2;
const WEATHER_TOOL = {
  name: 'weather',
  description: 'The weather in a city',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
};

interface TracedGateway {
  harness: Harness;
  receiver: LoopbackUpstream;
  close(): Promise<void>;
}

async function startTraced(telemetry: Record<string, unknown>): Promise<TracedGateway> {
  const receiver = await startLoopbackUpstream((_request, response) => sendJson(response, 200, {}));
  const harness = await startHarness(openAiChatReasoningUpstream().handler, {
    sections: {
      responses: { compaction: { secret: 'otel-carrier-test-secret' } },
      telemetry: { endpoint: receiver.url, protocol: 'http/json', ...telemetry },
    },
  });
  return {
    harness,
    receiver,
    close: async () => {
      await harness.close();
      await receiver.close();
    },
  };
}

let traceCount = 0;
/** A fresh trace id and the headers that put a request in it. */
function newTrace(): { traceId: string; headers: Record<string, string> } {
  const traceId = (++traceCount).toString(16).padStart(32, 'c');
  return { traceId, headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } };
}

async function requestSpan(gateway: TracedGateway, traceId: string): Promise<ReceivedSpan> {
  const spans = await spansOfTrace(gateway.receiver, gateway.harness.gateway.gateway.ops.runtime.tracer!, traceId);
  return spans.find((span) => span.kind === SERVER)!;
}

function anthropicClient(gateway: TracedGateway, headers: Record<string, string>): Anthropic {
  return new Anthropic({ baseURL: gateway.harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, defaultHeaders: headers });
}

describe('reasoning carriers on the request span (message contents not captured)', () => {
  let gateway: TracedGateway;
  beforeAll(async () => {
    gateway = await startTraced({});
  });
  afterAll(async () => gateway?.close());

  it('counts the carriers sealed into a streamed answer, opened from the next turn, and dropped when one does not open', async () => {
    const question = 'Weather in Paris and Rome?';
    const first = newTrace();
    const answer = await anthropicClient(gateway, first.headers)
      .messages.stream({
        model: 'up/o4-mini',
        max_tokens: 256,
        tools: [WEATHER_TOOL],
        messages: [{ role: 'user', content: question }],
      })
      .finalMessage();
    const thinking = answer.content.find((block) => block.type === 'thinking');
    expect(thinking?.type === 'thinking' && thinking.signature.startsWith(CARRIER_PREFIX)).toBe(true);
    const sealedSpan = await requestSpan(gateway, first.traceId);
    expect(sealedSpan.attributes).toMatchObject({
      'interlingua.path': 'translated:anthropic-messages>openai-chat',
      'interlingua.reasoning.carriers_sealed': 1,
      'interlingua.reasoning.carriers_opened': 0,
      'interlingua.reasoning.carriers_dropped': 0,
    });
    expect(sealedSpan.attributes['gen_ai.input.messages']).toBeUndefined();
    expect(sealedSpan.attributes['gen_ai.output.messages']).toBeUndefined();

    const second = newTrace();
    const calls = answer.content.filter((block) => block.type === 'tool_use');
    await anthropicClient(gateway, second.headers).messages.create({
      model: 'up/o4-mini',
      max_tokens: 256,
      tools: [WEATHER_TOOL],
      messages: [
        { role: 'user', content: question },
        { role: 'assistant', content: answer.content },
        {
          role: 'user',
          content: calls.map((call) => ({ type: 'tool_result' as const, tool_use_id: call.id, content: 'Sunny' })),
        },
      ],
    });
    expect((await requestSpan(gateway, second.traceId)).attributes).toMatchObject({
      'interlingua.reasoning.carriers_sealed': 1,
      'interlingua.reasoning.carriers_opened': 1,
      'interlingua.reasoning.carriers_dropped': 0,
    });

    const third = newTrace();
    const garbled = `${CARRIER_PREFIX}${Buffer.from('not sealed by this gateway at all').toString('base64')}`;
    const client = anthropicClient(gateway, third.headers);
    const reply = await client.messages
      .create({
        model: 'up/o4-mini',
        max_tokens: 256,
        messages: [
          { role: 'user', content: 'Hello' },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'A thought.', signature: garbled },
              { type: 'text', text: 'Hi.' },
            ],
          },
          { role: 'user', content: 'And now?' },
        ],
      })
      .withResponse();
    expect(reply.response.headers.get('x-interlingua-warnings')).toContain('reasoning carrier');
    const droppedSpan = await requestSpan(gateway, third.traceId);
    expect(droppedSpan.attributes).toMatchObject({
      'interlingua.reasoning.carriers_opened': 0,
      'interlingua.reasoning.carriers_dropped': 1,
    });
    expect(JSON.stringify(droppedSpan.attributes)).not.toContain('A thought.');
  });

  it('leaves the carrier attributes out of a request that had none to seal or open', async () => {
    const trace = newTrace();
    const client = new OpenAI({
      baseURL: `${gateway.harness.url}/v1`,
      apiKey: GATEWAY_KEY,
      maxRetries: 0,
      defaultHeaders: trace.headers,
    });
    await client.chat.completions.create({ model: 'up/o4-mini', messages: [{ role: 'user', content: 'Hello' }] });
    const span = await requestSpan(gateway, trace.traceId);
    expect(span.attributes['interlingua.path']).toBe('fast');
    expect(span.attributes['interlingua.reasoning.carriers_sealed']).toBeUndefined();
  });
});

describe('message contents on the request span, opted in', () => {
  let gateway: TracedGateway;
  beforeAll(async () => {
    gateway = await startTraced({ captureMessageContent: true });
  });
  afterAll(async () => gateway?.close());

  const conversation = 'Weather in Paris and Rome?';

  it('records the input and the streamed output in the GenAI conventions’ JSON, without the sealed artefact', async () => {
    const trace = newTrace();
    const answer = await anthropicClient(gateway, trace.headers)
      .messages.stream({
        model: 'up/o4-mini',
        max_tokens: 256,
        tools: [WEATHER_TOOL],
        messages: [{ role: 'user', content: conversation }],
      })
      .finalMessage();
    const span = await requestSpan(gateway, trace.traceId);
    expect(JSON.parse(String(span.attributes['gen_ai.input.messages']))).toEqual([
      { role: 'user', parts: [{ type: 'text', content: conversation }] },
    ]);
    const output = JSON.parse(String(span.attributes['gen_ai.output.messages'])) as unknown[];
    expect(output).toEqual([
      {
        role: 'assistant',
        finish_reason: 'tool_calls',
        parts: [
          { type: 'reasoning', content: 'Step 0: the weather is needed.' },
          { type: 'tool_call', id: 'call_00ChatUp', name: 'weather', arguments: '{"city":"Paris"}' },
          { type: 'tool_call', id: 'call_01ChatUp', name: 'weather', arguments: '{"city":"Rome"}' },
        ],
      },
    ]);
    const carrier = answer.content.find((block) => block.type === 'thinking');
    expect(carrier?.type === 'thinking' && carrier.signature.length > 0).toBe(true);
    expect(JSON.stringify(span.attributes)).not.toContain(CARRIER_PREFIX);
    expect(span.attributes['interlingua.content.truncated']).toBeUndefined();
  });

  it('records the same input whatever the caller style (a same-style chat caller too)', async () => {
    const trace = newTrace();
    const client = new OpenAI({
      baseURL: `${gateway.harness.url}/v1`,
      apiKey: GATEWAY_KEY,
      maxRetries: 0,
      defaultHeaders: trace.headers,
    });
    const stream = await client.chat.completions.create({
      model: 'up/o4-mini',
      stream: true,
      messages: [{ role: 'user', content: conversation }],
    });
    for await (const _chunk of stream) void _chunk;
    const span = await requestSpan(gateway, trace.traceId);
    expect(JSON.parse(String(span.attributes['gen_ai.input.messages']))).toEqual([
      { role: 'user', parts: [{ type: 'text', content: conversation }] },
    ]);
    expect(JSON.parse(String(span.attributes['gen_ai.output.messages']))).toMatchObject([
      { role: 'assistant', finish_reason: 'tool_calls' },
    ]);
  });

  it('cuts content past the bound with a marker and says so', async () => {
    const trace = newTrace();
    const long = 'x'.repeat(MAX_CONTENT_CHARS + 5_000);
    await anthropicClient(gateway, trace.headers).messages.create({
      model: 'up/o4-mini',
      max_tokens: 64,
      messages: [
        { role: 'user', content: long },
        { role: 'assistant', content: 'Noted.' },
        { role: 'user', content: 'Left out: the bound is spent.' },
      ],
    });
    const span = await requestSpan(gateway, trace.traceId);
    const input = String(span.attributes['gen_ai.input.messages']);
    expect(input.length).toBeLessThan(MAX_CONTENT_CHARS + 200);
    expect(input).toMatch(/…\[truncated: \d+ characters not recorded\]/);
    expect(input).not.toContain('Left out');
    expect(span.attributes['interlingua.content.truncated']).toBe(true);
  });
});
