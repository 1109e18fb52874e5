import OpenAI from 'openai';
import {
  loadRecording,
  recordingJson,
  sendJson,
  startLoopbackUpstream,
  type LoopbackUpstream,
} from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { anthropicModel, bodiesSent, lastResponsesBody } from './responses-e2e.test-support.js';

const OTHER_KEY = 'other-gateway-key';

let harness: Harness;
let openAiUpstream: LoopbackUpstream;
let client: OpenAI;
let other: OpenAI;
let openAiAnswer: unknown;

beforeAll(async () => {
  openAiUpstream = await startLoopbackUpstream((_request, response) => sendJson(response, 200, openAiAnswer));
  harness = await startHarness(anthropicModel(), {
    upstreamProvider: { type: 'anthropic' },
    providers: [
      { id: 'oai', type: 'openai', baseUrl: `${openAiUpstream.url}/v1`, apiKey: 'oai-secret', api: 'responses' },
    ],
    models: [{ name: 'oai/*', targets: [{ provider: 'oai' }] }],
    keys: [
      { name: 'test', secret: GATEWAY_KEY },
      { name: 'other', secret: OTHER_KEY },
    ],
  });
  client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  other = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: OTHER_KEY, maxRetries: 0, timeout: 10_000 });
});

beforeEach(() => {
  openAiAnswer = recordingJson(loadRecording('openai-responses/01-text.json'));
});

afterAll(async () => {
  await harness.close();
  await openAiUpstream.close();
});

function lastAnthropicMessages(): Array<{ role: string; content: unknown }> {
  return bodiesSent(harness.upstream.requests, '/v1/messages').at(-1)?.messages as Array<{
    role: string;
    content: unknown;
  }>;
}

async function listAll(
  id: string,
  query: { order?: 'asc' | 'desc'; limit?: number } = {},
): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  for await (const item of client.responses.inputItems.list(id, query))
    items.push(item as unknown as Record<string, unknown>);
  return items;
}

describe('stored responses and previous_response_id on a non-OpenAI upstream', () => {
  it('continues a conversation on the Anthropic upstream from the stored turns', async () => {
    const first = await client.responses.create({
      model: 'up/claude-sonnet-4-5',
      input: 'Hello',
      instructions: 'Only for turn one.',
    });
    expect(first.output_text).toBe('Turn 1: Hello');
    const second = await client.responses.create({
      model: 'up/claude-sonnet-4-5',
      input: 'Again',
      previous_response_id: first.id,
    });
    expect(second.output_text).toBe('Turn 2: Again');
    expect(second.previous_response_id).toBe(first.id);
    expect(lastAnthropicMessages()).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Turn 1: Hello' },
      { role: 'user', content: 'Again' },
    ]);
    expect(bodiesSent(harness.upstream.requests, '/v1/messages').at(-1)?.system).toBeUndefined();
    const third = await client.responses.create({
      model: 'up/claude-sonnet-4-5',
      input: [{ role: 'user', content: 'Third' }],
      previous_response_id: second.id,
      stream: true,
    });
    let text = '';
    for await (const event of third) if (event.type === 'response.output_text.delta') text += event.delta;
    expect(text).toBe('Turn 3: Third');
  });

  it('lists the input items of a stored response, newest first by default, page by page', async () => {
    const first = await client.responses.create({ model: 'mock', input: 'one' });
    const second = await client.responses.create({
      model: 'mock',
      input: [{ role: 'user', content: 'two' }],
      previous_response_id: first.id,
    });
    expect(second.output_text).toBe('You said: two');
    const descending = await listAll(second.id);
    expect(descending.map((item) => item.type)).toEqual(['message', 'message', 'message']);
    expect(descending.map((item) => (item.content as Array<{ text: string }>)[0]?.text)).toEqual([
      'two',
      'You said: one',
      'one',
    ]);
    const ascending = await listAll(second.id, { order: 'asc', limit: 2 });
    expect(ascending.map((item) => item.id)).toEqual([...descending.map((item) => item.id)].reverse());
    expect(new Set(ascending.map((item) => item.id)).size).toBe(3);
    const page = await client.responses.inputItems.list(second.id, { limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.has_more).toBe(true);
  });

  it('retrieves and deletes a stored response', async () => {
    const created = await client.responses.create({ model: 'mock', input: 'keep me' });
    const retrieved = await client.responses.retrieve(created.id);
    expect(retrieved).toMatchObject({ id: created.id, status: 'completed', output_text: 'You said: keep me' });
    const deleted = await fetch(`${harness.url}/v1/responses/${created.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${GATEWAY_KEY}` },
    });
    expect(await deleted.json()).toEqual({ id: created.id, object: 'response', deleted: true });
    await expect(client.responses.retrieve(created.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(client.responses.delete(created.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('shows a key only its own responses', async () => {
    const mine = await client.responses.create({ model: 'mock', input: 'private' });
    await expect(other.responses.retrieve(mine.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(other.responses.inputItems.list(mine.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const error = await other.responses
      .create({ model: 'mock', input: 'x', previous_response_id: mine.id })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ code: 'previous_response_not_found', param: 'previous_response_id' });
    await expect(other.responses.delete(mine.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    expect((await client.responses.retrieve(mine.id)).id).toBe(mine.id);
  });

  it('keeps nothing when the caller sends store: false', async () => {
    const response = await client.responses.create({ model: 'mock', input: 'forget me', store: false });
    expect(response).toMatchObject({ store: false });
    await expect(client.responses.retrieve(response.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('answers 404 in the OpenAI shape for an id it never stored', async () => {
    const error = await client.responses.retrieve('resp_ilg_00000000000000000000000000000000').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as InstanceType<typeof OpenAI.NotFoundError>).error).toMatchObject({
      type: expect.any(String),
      message: expect.stringContaining('resp_ilg_'),
    });
  });
});

describe('ids minted by OpenAI and gateway ids on an OpenAI Responses upstream', () => {
  it('refuses an OpenAI previous_response_id for a non-OpenAI upstream with a 400 naming it', async () => {
    const error = await client.responses
      .create({ model: 'up/claude-sonnet-4-5', input: 'x', previous_response_id: 'resp_67cc0000openai' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('previous_response_id');
    expect((error as Error).message).toContain('resp_67cc0000openai');
  });

  it('passes an OpenAI previous_response_id to an OpenAI Responses upstream untouched', async () => {
    const response = await client.responses
      .create({ model: 'oai/gpt-4.1-mini', input: 'x', previous_response_id: 'resp_67cc0000openai' })
      .withResponse();
    expect(response.response.headers.get('x-interlingua-route')).toContain('path=fast');
    expect(lastResponsesBody(openAiUpstream.requests)).toMatchObject({
      model: 'gpt-4.1-mini',
      previous_response_id: 'resp_67cc0000openai',
      input: 'x',
    });
    expect(response.data.output_text).toBe(loadRecording('openai-responses/01-text.json').expect.text);
  });

  it('expands a gateway previous_response_id itself before calling an OpenAI Responses upstream', async () => {
    const first = await client.responses.create({ model: 'mock', input: 'Remember blue' });
    const { data, response } = await client.responses
      .create({ model: 'oai/gpt-4.1-mini', input: 'Which colour?', previous_response_id: first.id })
      .withResponse();
    expect(response.headers.get('x-interlingua-route')).toContain('path=translated:openai-responses>openai-responses');
    const sent = lastResponsesBody(openAiUpstream.requests);
    expect(sent.previous_response_id).toBeUndefined();
    expect(sent.input).toEqual([
      { role: 'user', content: 'Remember blue' },
      { role: 'assistant', content: 'You said: Remember blue' },
      { role: 'user', content: 'Which colour?' },
    ]);
    expect(data.id).toMatch(/^resp_ilg_/);
    expect((await client.responses.retrieve(data.id)).output_text).toBe(data.output_text);
  });

  it('keeps OpenAI encrypted reasoning with its item id, and sends it back only to OpenAI', async () => {
    const recorded = loadRecording('openai-responses/08-reasoning-summary.json');
    const reasoning = (
      recordingJson(recorded) as { output: Array<{ type: string; id: string; encrypted_content?: string }> }
    ).output[0];
    const first = await client.responses.create({ model: 'mock', input: 'Write factorial' });
    openAiAnswer = recordingJson(recorded);
    const second = await client.responses.create({
      model: 'oai/o4-mini',
      input: 'In Python',
      previous_response_id: first.id,
      reasoning: { effort: 'low', summary: 'auto' },
    });
    expect(second.output[0]).toMatchObject({
      type: 'reasoning',
      id: reasoning?.id,
      encrypted_content: reasoning?.encrypted_content,
    });
    openAiAnswer = recordingJson(loadRecording('openai-responses/01-text.json'));
    await client.responses.create({ model: 'oai/o4-mini', input: 'Thanks', previous_response_id: second.id });
    expect(lastResponsesBody(openAiUpstream.requests).input).toContainEqual(
      expect.objectContaining({
        type: 'reasoning',
        id: reasoning?.id,
        encrypted_content: reasoning?.encrypted_content,
      }),
    );
    const onAnthropic = await client.responses.create({
      model: 'up/claude-sonnet-4-5',
      input: 'Thanks',
      previous_response_id: second.id,
    });
    expect(onAnthropic.output_text).toBe('Turn 3: Thanks');
    expect(JSON.stringify(bodiesSent(harness.upstream.requests, '/v1/messages').at(-1))).not.toContain(
      reasoning?.encrypted_content,
    );
  });

  it('never sends OpenAI encrypted reasoning from the input to another upstream', async () => {
    const input = [
      { role: 'user' as const, content: 'Hi' },
      { type: 'reasoning' as const, id: 'rs_openai_1', summary: [], encrypted_content: 'gAAAA-openai-only' },
      {
        type: 'message' as const,
        role: 'assistant' as const,
        id: 'msg_1',
        status: 'completed' as const,
        content: [{ type: 'output_text' as const, text: 'Hello', annotations: [] }],
      },
      { role: 'user' as const, content: 'Again' },
    ];
    await client.responses.create({ model: 'up/claude-sonnet-4-5', input, store: false });
    expect(JSON.stringify(bodiesSent(harness.upstream.requests, '/v1/messages').at(-1))).not.toContain(
      'gAAAA-openai-only',
    );
    await client.responses.create({ model: 'oai/o4-mini', input, store: false });
    expect(lastResponsesBody(openAiUpstream.requests).input).toContainEqual({
      type: 'reasoning',
      id: 'rs_openai_1',
      summary: [],
      encrypted_content: 'gAAAA-openai-only',
    });
  });
});

describe('store bounds', () => {
  it('answers but does not keep a response above maxEntryBytes, saying so in the warnings header', async () => {
    const small = await startHarness(anthropicModel(), { sections: { responses: { store: { maxEntryBytes: 256 } } } });
    try {
      const smallClient = new OpenAI({
        baseURL: `${small.url}/v1`,
        apiKey: GATEWAY_KEY,
        maxRetries: 0,
        timeout: 10_000,
      });
      const { data, response } = await smallClient.responses
        .create({ model: 'mock', input: 'a'.repeat(100) })
        .withResponse();
      expect(data.output_text).toBe(`You said: ${'a'.repeat(100)}`);
      expect(response.headers.get('x-interlingua-warnings')).toContain('not stored');
      await expect(smallClient.responses.retrieve(data.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
      // A request whose body alone is over the bound is refused before any upstream work.
      await expect(smallClient.responses.create({ model: 'mock', input: 'a'.repeat(400) })).rejects.toMatchObject({
        status: 413,
        code: 'stored_response_too_large',
      });
      expect(
        (await smallClient.responses.create({ model: 'mock', input: 'a'.repeat(400), store: false })).output_text,
      ).toBe(`You said: ${'a'.repeat(400)}`);
    } finally {
      await small.close();
    }
  });
});
