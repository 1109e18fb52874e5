import {
  CARRIER_PREFIX,
  generationRequests,
  GATEWAY_KEY,
  ROUTE_OF,
  startSwitchHarness,
  type SwitchHarness,
  type SwitchUpstream,
} from '@interlingua/gateway/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { ai, anthropicProvider } from './clients/ai-sdk-modules.js';

let setup: SwitchHarness | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

type Messages = Parameters<typeof ai.generateText>[0]['messages'];

/**
 * The AI SDK's Anthropic provider, in a tool loop with thinking whose steps go to the given
 * upstreams: each answer's messages (thinking blocks with their signatures, tool calls, tool
 * results) are appended as the SDK returns them, as an agent does.
 */
async function converse(url: string, path: readonly SwitchUpstream[]): Promise<string> {
  const anthropic = anthropicProvider.createAnthropic({ baseURL: `${url}/v1`, apiKey: GATEWAY_KEY });
  const weather = ai.tool({
    description: 'Weather in a city',
    inputSchema: ai.jsonSchema<{ city: string }>({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    }),
    execute: async () => ({ sky: 'sunny' }),
  });
  const messages: NonNullable<Messages> = [
    { role: 'user', content: 'What is the weather in Paris and Rome, then in Oslo and Lima?' },
  ];
  let text = '';
  for (const upstream of path) {
    const result = await ai.generateText({
      model: anthropic(ROUTE_OF[upstream]),
      messages,
      tools: { weather },
      maxRetries: 0,
      providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 } } },
    });
    messages.push(...result.response.messages);
    text = result.text;
  }
  return text;
}

describe('AI SDK @ai-sdk/anthropic through a provider switch', () => {
  it('Gemini → Anthropic → Gemini: the thinking blocks it echoes bring Gemini its own signature back, byte for byte', async () => {
    setup = await startSwitchHarness();
    expect(await converse(setup.harness.url, ['gemini', 'anthropic', 'gemini'])).toBe('Sunny everywhere.');
    const signature = setup.gemini.signatures.all()[0] ?? 'none issued';
    expect(generationRequests(setup.servers.gemini).at(-1)?.body.toString('utf8')).toContain(signature);
    for (const server of Object.values(setup.servers))
      for (const request of generationRequests(server)) expect(request.body.includes(CARRIER_PREFIX)).toBe(false);
  });

  it('Anthropic → OpenAI chat → Anthropic: Anthropic gets its own signatures back and nothing it did not sign', async () => {
    setup = await startSwitchHarness();
    expect(await converse(setup.harness.url, ['anthropic', 'chat', 'anthropic'])).toBe('Sunny everywhere.');
    const last = generationRequests(setup.servers.anthropic).at(-1)?.body.toString('utf8') ?? '';
    for (const signature of setup.anthropic.signatures.all().slice(0, 1)) expect(last).toContain(signature);
  });
});
