import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import {
  loadRecording,
  openAiResponsesCompactUpstreamRequestSchema,
  recordingJson,
  sendJson,
  startLoopbackUpstream,
  type LoopbackUpstream,
} from '@interlingua/testkit';
import { openAiResponsesStrictCompactionResponseSchema } from '@interlingua/openai-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPACTION_NOTE_PREFIX } from '../responses/responses-conversation.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { bodiesSent, chatModel, lastResponsesBody } from './responses-e2e.test-support.js';

/** OpenAI's answer as the reference example gives it, with a field no SDK knows yet. */
const OPENAI_COMPACTION =
  '{"id":"resp_001","object":"response.compaction","created_at":1764967971,"output":[{"id":"msg_000","type":"message","status":"completed","role":"user","content":[{"type":"input_text","text":"Create a simple landing page"}]},{"id":"cmp_001","type":"compaction","encrypted_content":"gAAAAABpM0Yj-openai-sealed="}],"usage":{"input_tokens":139,"input_tokens_details":{"cached_tokens":0,"cache_write_tokens":0},"output_tokens":438,"output_tokens_details":{"reasoning_tokens":64},"total_tokens":577},"future_field":{"kept":true}}';

const SECRET = 'compaction-secret-for-tests-0123456789';

let harness: Harness;
let chatUpstream: LoopbackUpstream;
let client: OpenAI;

const conversation: ResponseInputItem[] = [
  { role: 'user', content: 'Plan a trip to Paris' },
  {
    type: 'message',
    role: 'assistant',
    id: 'msg_a1',
    status: 'completed',
    content: [{ type: 'output_text', text: 'Checking the weather first.', annotations: [] }],
  },
  { type: 'function_call', call_id: 'call_w1', name: 'get_weather', arguments: '{"city":"Paris"}' },
  { type: 'function_call_output', call_id: 'call_w1', output: 'sunny, 21C' },
  { role: 'user', content: 'Book the museum too' },
];

beforeAll(async () => {
  const recorded = recordingJson(loadRecording('openai-responses/01-text.json'));
  chatUpstream = await startLoopbackUpstream(chatModel());
  harness = await startHarness(
    (request, response) => {
      if (request.url === '/v1/responses/compact') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end(OPENAI_COMPACTION);
      }
      return sendJson(response, 200, recorded);
    },
    {
      upstreamProvider: { api: 'responses' },
      providers: [{ id: 'chat', type: 'openai', baseUrl: `${chatUpstream.url}/v1`, apiKey: 'chat-secret' }],
      models: [{ name: 'chat/*', targets: [{ provider: 'chat' }] }],
      sections: { responses: { compaction: { secret: SECRET } } },
    },
  );
  client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => {
  await harness.close();
  await chatUpstream.close();
});

function lastChatMessages(): Array<{ role: string; content: unknown }> {
  return bodiesSent(chatUpstream.requests, '/chat/completions').at(-1)?.messages as Array<{
    role: string;
    content: unknown;
  }>;
}

async function compactOnChat(input: ResponseInputItem[] = conversation) {
  return client.responses.compact({ model: 'chat/gpt-4o', input });
}

describe('/v1/responses/compact passed through to an OpenAI Responses upstream', () => {
  it('forwards the body with only model and auth rewritten, unknown fields kept, and returns the bytes unchanged', async () => {
    const body = {
      model: 'up/gpt-5.1-codex-max',
      input: conversation,
      instructions: 'Be helpful.',
      tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} }, strict: false }],
      parallel_tool_calls: true,
    };
    const response = await fetch(`${harness.url}/v1/responses/compact`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(OPENAI_COMPACTION);
    const sent = harness.upstream.requests.at(-1);
    expect(sent?.url).toBe('/v1/responses/compact');
    expect(sent?.headers.authorization).toBe('Bearer upstream-secret');
    expect(sent?.json()).toEqual({ ...body, model: 'gpt-5.1-codex-max' });
    openAiResponsesCompactUpstreamRequestSchema.parse(sent?.json());
  });

  it('is read by the SDK, and the OpenAI-sealed item goes back to that upstream as it is', async () => {
    const compacted = await client.responses.compact({ model: 'up/gpt-5.1-codex-max', input: conversation });
    expect(compacted.object).toBe('response.compaction');
    expect(compacted.output.at(-1)).toMatchObject({
      type: 'compaction',
      encrypted_content: 'gAAAAABpM0Yj-openai-sealed=',
    });
    const next = await client.responses
      .create({
        model: 'up/gpt-5.1-codex-max',
        input: [...(compacted.output as ResponseInputItem[]), { role: 'user', content: 'go on' }],
      })
      .withResponse();
    expect(next.response.headers.get('x-interlingua-route')).toContain('path=fast');
    expect(lastResponsesBody(harness.upstream.requests).input).toContainEqual(
      expect.objectContaining({ type: 'compaction', encrypted_content: 'gAAAAABpM0Yj-openai-sealed=' }),
    );
  });

  it('refuses an OpenAI-sealed compaction item for a chat upstream with a 400 naming the problem', async () => {
    const error = await client.responses
      .create({
        model: 'chat/gpt-4o',
        input: [
          { type: 'compaction', encrypted_content: 'gAAAAABpM0Yj-openai-sealed=' },
          { role: 'user', content: 'hi' },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toMatch(/compaction item sealed by OpenAI/);
  });
});

describe('/v1/responses/compact emulated for a chat upstream', () => {
  it('summarises with the target model and answers the kept user messages and one sealed compaction item', async () => {
    const compacted = await compactOnChat();
    expect(compacted).toMatchObject({ object: 'response.compaction', id: expect.stringMatching(/^resp_ilg_/) });
    openAiResponsesStrictCompactionResponseSchema.parse(JSON.parse(JSON.stringify(compacted)));
    expect(compacted.output.map((item) => item.type)).toEqual(['message', 'message', 'compaction']);
    expect(compacted.output.slice(0, 2).map((item) => item.type === 'message' && item.content)).toEqual([
      [{ type: 'input_text', text: 'Plan a trip to Paris' }],
      [{ type: 'input_text', text: 'Book the museum too' }],
    ]);
    const sealed = compacted.output.at(-1);
    expect(sealed?.type === 'compaction' && sealed.encrypted_content).toMatch(/^ilg1\.[A-Za-z0-9_-]+$/);
    expect(compacted.usage).toMatchObject({ input_tokens: 10, output_tokens: 7, total_tokens: 17 });
    const asked = lastChatMessages();
    expect(asked[0]?.role).toBe('system');
    expect(String(asked[1]?.content)).toContain(
      '[called tool get_weather (call call_w1) with arguments {"city":"Paris"}]',
    );
    expect(String(asked[1]?.content)).toContain('sunny, 21C');
  });

  it('opens the sealed item when it comes back and gives the upstream its summary', async () => {
    const compacted = await compactOnChat();
    const next = await client.responses.create({
      model: 'chat/gpt-4o',
      input: [...(compacted.output as ResponseInputItem[]), { role: 'user', content: 'Continue' }],
    });
    expect(next.output_text).toBe('Turn 3: Continue');
    const note = lastChatMessages().find((message) => message.role === 'system');
    expect(String(note?.content).startsWith(COMPACTION_NOTE_PREFIX)).toBe(true);
    expect(String(note?.content)).toContain('Plan a trip to Paris');
    expect(JSON.stringify(lastChatMessages())).not.toContain('ilg1.');
  });

  it('opens a sealed item for an OpenAI Responses upstream too, never sending it there', async () => {
    const compacted = await compactOnChat();
    await client.responses.create({
      model: 'up/gpt-4.1',
      input: [...(compacted.output as ResponseInputItem[]), { role: 'user', content: 'Continue' }],
    });
    const sent = lastResponsesBody(harness.upstream.requests);
    expect(JSON.stringify(sent)).not.toContain('ilg1.');
    expect(JSON.stringify(sent.input)).toContain('compacted by the gateway');
  });

  it('answers 400 for an altered sealed item', async () => {
    const compacted = await compactOnChat();
    const sealed = compacted.output.at(-1);
    if (sealed?.type !== 'compaction') throw new Error('expected a compaction item');
    const altered = `${sealed.encrypted_content.slice(0, -4)}${sealed.encrypted_content.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const error = await client.responses
      .create({
        model: 'chat/gpt-4o',
        input: [
          { type: 'compaction', encrypted_content: altered },
          { role: 'user', content: 'x' },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toMatch(/altered/);
  });

  it('compacts a stored conversation named by previous_response_id', async () => {
    const first = await client.responses.create({ model: 'chat/gpt-4o', input: 'First question' });
    const compacted = await client.responses.compact({
      model: 'chat/gpt-4o',
      input: [{ role: 'user', content: 'Second question' }],
      previous_response_id: first.id,
    });
    expect(
      compacted.output
        .filter((item) => item.type === 'message')
        .map((item) => item.type === 'message' && item.content[0]),
    ).toEqual([
      { type: 'input_text', text: 'First question' },
      { type: 'input_text', text: 'Second question' },
    ]);
    expect(String(lastChatMessages()[1]?.content)).toContain('Turn 1: First question');
  });
});

describe('emulated compaction without a secret', () => {
  it('seals with a secret made for this process: the item opens here, and the answer is a real compaction', async () => {
    const bare = await startHarness(chatModel());
    try {
      const bareClient = new OpenAI({ baseURL: `${bare.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
      const compacted = await bareClient.responses.compact({ model: 'up/gpt-4o', input: conversation });
      const item = compacted.output.find((entry) => entry.type === 'compaction');
      expect(item?.type === 'compaction' && item.encrypted_content).toMatch(/^ilg1\./);
      const next = await bareClient.responses.create({
        model: 'up/gpt-4o',
        input: [...compacted.output, { role: 'user', content: 'And dinner?' }] as ResponseInputItem[],
      });
      expect(next.status).toBe('completed');
      const forged = await bareClient.responses
        .create({
          model: 'up/gpt-4o',
          input: [
            { type: 'compaction', encrypted_content: 'ilg1.AAAA' },
            { role: 'user', content: 'x' },
          ],
        })
        .catch((e: unknown) => e);
      expect(forged).toBeInstanceOf(OpenAI.BadRequestError);
    } finally {
      await bare.close();
    }
  });
});
