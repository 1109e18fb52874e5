import { AzureOpenAI } from 'openai';
import { loadRecording, sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/** The official `AzureOpenAI` client, pointed at the gateway as if it were an Azure resource. */
let harness: Harness;

beforeAll(async () => {
  const recording = loadRecording('openai-chat/14-azure-content-filter.json');
  harness = await startHarness((_request, response) => sendJson(response, recording.http_status, recording.body));
});
afterAll(() => harness.close());

function client(apiKey = GATEWAY_KEY): AzureOpenAI {
  return new AzureOpenAI({ endpoint: harness.url, apiKey, apiVersion: '2024-10-21', maxRetries: 0 });
}

describe('AzureOpenAI client through the gateway', () => {
  it('reaches the mock with the deployment as the model', async () => {
    const completion = await client().chat.completions.create({
      model: 'mock',
      messages: [{ role: 'user', content: 'hello azure' }],
    });
    expect(completion.choices[0]?.message.content).toBe('You said: hello azure');
  });

  it('streams', async () => {
    const stream = await client().chat.completions.create({
      model: 'mock',
      messages: [{ role: 'user', content: 'a b c' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('You said: a b c');
  });

  it('reaches an upstream by its routed name, keeping Azure content-filter answers readable', async () => {
    const completion = await client().chat.completions.create({
      model: 'up/gpt-35-turbo',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect((harness.upstream.requests.at(-1)?.json() as { model: string }).model).toBe('gpt-35-turbo');
  });

  it('refuses a wrong api-key with the SDK error class', async () => {
    await expect(
      client('wrong-key').chat.completions.create({ model: 'mock', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
