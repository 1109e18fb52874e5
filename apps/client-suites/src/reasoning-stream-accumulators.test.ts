import {
  CARRIER_PREFIX,
  GATEWAY_KEY,
  generationRequests,
  ROUTE_OF,
  startSwitchHarness,
  type SwitchHarness,
} from '@interlingua/gateway/test-support';
import type { AIMessageChunk } from '@langchain/core/messages';
import type OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { ai, openAiCompatibleProvider } from './clients/ai-sdk-modules.js';
import { langchainOpenAi } from './clients/langchain-modules.js';
import { openAiSdk } from './clients/sdk-modules.js';
import { LANE } from './lane.js';

/** The thinking the verifying Anthropic upstream streams on a conversation's first step, a word a delta. */
const THINKING = 'Step 0: the weather in Paris and Rome is needed.';
const QUESTION = 'What is the weather in Paris and Rome?';
const WEATHER = { type: 'object' as const, properties: { city: { type: 'string' as const } }, required: ['city'] };

let setup: SwitchHarness | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

async function gatewayUrl(): Promise<string> {
  return (await switchHarness()).harness.url;
}

async function switchHarness(): Promise<SwitchHarness> {
  setup = await startSwitchHarness();
  return setup;
}

type Messages = NonNullable<Parameters<typeof ai.streamText>[0]['messages']>;

/**
 * A chat caller streaming an answer from Anthropic (thinking, redacted thinking, two calls) reads
 * it through its client's own stream accumulator: the reasoning carriers must come out whole
 * where the client keeps extra fields, and the reasoning text once where it appends text deltas.
 */
describe('streamed chat answers through the clients’ stream accumulators', () => {
  it('openai: chat.completions.stream().finalChatCompletion() has the same reasoning_details as the JSON answer', async () => {
    const client = new openAiSdk.OpenAI({ apiKey: GATEWAY_KEY, baseURL: `${await gatewayUrl()}/v1`, maxRetries: 0 });
    const params: Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, 'stream'> = {
      model: ROUTE_OF.anthropic,
      reasoning_effort: 'low',
      tools: [{ type: 'function', function: { name: 'weather', parameters: WEATHER } }],
      messages: [{ role: 'user', content: QUESTION }],
    };
    type WithDetails = { reasoning_details?: Array<{ type: string; data: string; format: string; index: number }> };
    const streamed = (await client.chat.completions.stream(params).finalChatCompletion()).choices[0]
      ?.message as OpenAI.ChatCompletionMessage & WithDetails;
    const whole = (await client.chat.completions.create(params)).choices[0]?.message as OpenAI.ChatCompletionMessage &
      WithDetails;
    const shape = (details: WithDetails['reasoning_details']) =>
      details?.map(({ type, format, index, data }) => ({
        type,
        format,
        index,
        carrier: data.startsWith(CARRIER_PREFIX),
      }));
    expect(shape(streamed.reasoning_details)).toEqual(shape(whole.reasoning_details));
    expect(streamed.reasoning_details).toHaveLength(2);
    expect(streamed.tool_calls).toHaveLength(2);
  });

  it('AI SDK @ai-sdk/openai-compatible: streamText gets the reasoning text once and both calls', async () => {
    const provider = openAiCompatibleProvider.createOpenAICompatible({
      name: 'interlingua',
      baseURL: `${await gatewayUrl()}/v1`,
      apiKey: GATEWAY_KEY,
    });
    const result = ai.streamText({
      model: provider(ROUTE_OF.anthropic),
      prompt: QUESTION,
      tools: { weather: ai.tool({ inputSchema: ai.jsonSchema<{ city: string }>(WEATHER) }) },
      maxRetries: 0,
    });
    expect(await result.reasoningText).toBe(THINKING);
    expect((await result.toolCalls).map((call) => call.toolName)).toEqual(['weather', 'weather']);
  });

  it('LangChain ChatOpenAI: the concatenated stream chunks hold the reasoning text once and both calls', async () => {
    const model = new langchainOpenAi.ChatOpenAI({
      model: ROUTE_OF.anthropic,
      apiKey: GATEWAY_KEY,
      maxRetries: 0,
      configuration: { baseURL: `${await gatewayUrl()}/v1` },
    });
    const bound = model.bindTools([{ type: 'function', function: { name: 'weather', parameters: WEATHER } }]);
    let message: AIMessageChunk | undefined;
    for await (const chunk of await bound.stream(QUESTION)) message = message ? message.concat(chunk) : chunk;
    expect(message?.additional_kwargs.reasoning_content).toBe(THINKING);
    expect(message?.tool_calls?.map((call) => call.name)).toEqual(['weather', 'weather']);
  });
});

/**
 * The AI SDK's OpenAI-compatible provider rebuilds assistant messages from text, reasoning text and
 * tool calls, and keeps a call's `extra_content.google.thought_signature` (Gemini's field): a
 * Gemini call signature, in its carrier there, comes back to Gemini across a switch. Version 3
 * (the current lane) sends it back under any provider name; version 2 only for a provider named
 * `google`.
 */
const PROVIDER_NAMES = LANE === 'node24' ? ['google', 'interlingua'] : ['google'];

describe('AI SDK @ai-sdk/openai-compatible through a provider switch, streamed', () => {
  it.each(PROVIDER_NAMES)(
    'Gemini → Anthropic → Gemini (provider named %s): Gemini gets its own call signature back',
    async (name) => {
      const harness = await switchHarness();
      const provider = openAiCompatibleProvider.createOpenAICompatible({
        name,
        baseURL: `${harness.harness.url}/v1`,
        apiKey: GATEWAY_KEY,
      });
      const weather = ai.tool({
        inputSchema: ai.jsonSchema<{ city: string }>(WEATHER),
        execute: async () => ({ sky: 'sunny' }),
      });
      const messages: Messages = [
        { role: 'user', content: 'What is the weather in Paris and Rome, then in Oslo and Lima?' },
      ];
      for (const upstream of ['gemini', 'anthropic', 'gemini'] as const) {
        const result = ai.streamText({
          model: provider(ROUTE_OF[upstream]),
          messages,
          tools: { weather },
          maxRetries: 0,
        });
        messages.push(...(await result.response).messages);
      }
      const signature = harness.gemini.signatures.all()[0] ?? 'none issued';
      expect(generationRequests(harness.servers.gemini).at(-1)?.body.toString('utf8')).toContain(signature);
    },
  );
});
