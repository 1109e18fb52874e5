import { parseSseText } from '@interlingua/ir-utils';
import {
  describeOpenAiSchemaErrors,
  validateOpenAiResponse,
  validateOpenAiResponseStreamEvent,
  withoutKnownOpenAiDisagreements,
  type OpenAiSchemaError,
} from '@interlingua/testkit/openai-openapi';
import OpenAI from 'openai';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { anthropicModel, chatModel } from './responses-e2e.test-support.js';

// The gateway's Responses answers, whole and streamed, judged by OpenAI's published OpenAPI description, from
// a chat-completions upstream and an Anthropic upstream, through the official `openai` SDK.

const weatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};

const upstreams = {
  chat: { reply: chatModel, options: {}, model: 'up/gpt-4o-mini' },
  anthropic: {
    reply: anthropicModel,
    options: { upstreamProvider: { type: 'anthropic' } },
    model: 'up/claude-sonnet-4-5',
  },
} as const;
type UpstreamName = keyof typeof upstreams;

const asks: Record<string, Omit<ResponseCreateParamsNonStreaming, 'model'>> = {
  text: { input: 'What is the capital of France?', store: false },
  'a tool call': { input: 'Weather in Paris?', tools: [weatherTool], store: false },
  'after a tool result': {
    input: [
      { role: 'user', content: 'Weather in Paris?' },
      { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'Rain, 12 °C' },
    ],
    tools: [weatherTool],
  },
};

const harnesses = new Map<UpstreamName, { harness: Harness; client: OpenAI }>();

beforeAll(async () => {
  for (const [name, upstream] of Object.entries(upstreams) as Array<[UpstreamName, (typeof upstreams)[UpstreamName]]>) {
    const harness = await startHarness(upstream.reply(), upstream.options);
    const client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
    harnesses.set(name, { harness, client });
  }
});

afterAll(async () => {
  for (const { harness } of harnesses.values()) await harness.close();
});

const unexplained = (errors: OpenAiSchemaError[]): string =>
  describeOpenAiSchemaErrors(withoutKnownOpenAiDisagreements(errors));

const cases = (Object.keys(upstreams) as UpstreamName[]).flatMap((upstream) =>
  Object.keys(asks).map((ask) => [upstream, ask] as const),
);

describe('Responses answers through the gateway against OpenAI’s published OpenAPI description', () => {
  it.each(cases)('%s upstream, %s: the raw whole answer is valid, and the SDK reads it', async (upstream, ask) => {
    const { client } = harnesses.get(upstream)!;
    const params = { model: upstreams[upstream].model, ...asks[ask]! };
    const raw = await client.responses.create(params).asResponse();
    expect(raw.status).toBe(200);
    const body = (await raw.json()) as { object: string; output: unknown[] };
    expect(body.object).toBe('response');
    expect(body.output.length).toBeGreaterThan(0);
    expect(unexplained(validateOpenAiResponse(body))).toBe('');
    const parsed = await client.responses.create(params);
    expect(parsed.status).toBe('completed');
  });

  it.each(cases)(
    '%s upstream, %s: every raw streamed event is valid, and the SDK reads them',
    async (upstream, ask) => {
      const { client } = harnesses.get(upstream)!;
      const params = { model: upstreams[upstream].model, ...asks[ask]!, stream: true as const };
      const raw = await client.responses.create(params).asResponse();
      const messages = parseSseText(await raw.text());
      const events = messages.map((message) => JSON.parse(message.data) as { type: string });
      expect(events.at(-1)?.type).toBe('response.completed');
      const failures = events
        .map((event, index) => ({
          at: `${index} ${event.type}`,
          errors: unexplained(validateOpenAiResponseStreamEvent(event)),
        }))
        .filter(({ errors }) => errors !== '');
      expect(failures.map(({ at, errors }) => `${at}\n${errors}`).join('\n\n')).toBe('');
      expect(messages.map((message) => message.event)).toEqual(events.map((event) => event.type));
      const sdkTypes: string[] = [];
      for await (const event of await client.responses.create(params)) sdkTypes.push(event.type);
      expect(sdkTypes).toEqual(events.map((event) => event.type));
    },
  );

  it('fails a gateway answer whose message item lost its status (a planted defect)', async () => {
    const { client } = harnesses.get('chat')!;
    const raw = await client.responses.create({ model: upstreams.chat.model, ...asks.text! }).asResponse();
    const body = (await raw.json()) as { output: Array<Record<string, unknown>> };
    delete body.output[0]!.status;
    expect(unexplained(validateOpenAiResponse(body))).toMatch(/^\/output\/0: must have required property 'status'/);
  });
});
