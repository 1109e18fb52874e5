import type { ServerResponse } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import {
  loadRecording,
  openAiEmbeddingsUpstreamRequestSchema,
  openAiImageGenerationUpstreamSchema,
  openAiTranscriptionUpstreamFormSchema,
  readUpstreamForm,
  recordingJson,
  sendJson,
  sendSse,
  startLoopbackUpstream,
  togetherRerankUpstreamRequestSchema,
  type LoopbackUpstream,
  type ReceivedRequest,
} from '@interlingua/testkit';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, setRequestLogging } from '../observe/request-log.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { TINY_PNG, tinyWav } from './media-e2e.test-support.js';

type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

const ADMIN = 'admin-secret-for-services-01';
const KEYS = { budget: 'embed-budget-key-0001', counter: 'count-rpm-key-000001' };
/** Test prices (not real ones), per million tokens. */
const PRICING = [{ model: 'priced-embed*', inputPerMillion: 100, outputPerMillion: 0 }];
const EMBEDDINGS = recordingJson(loadRecording('embeddings/01-openai-float.json')) as {
  usage: { prompt_tokens: number };
};
const EMBED_TOKENS = EMBEDDINGS.usage.prompt_tokens;
const RERANK = loadRecording('rerank/03-togetherai.json');
const RERANK_DOCUMENTS = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6'];
/** The usage object of OpenAI's documented ImagesResponse example. */
const IMAGE_USAGE = {
  total_tokens: 100,
  input_tokens: 50,
  output_tokens: 50,
  input_tokens_details: { text_tokens: 10, image_tokens: 40 },
};
/** The usage object of OpenAI's documented transcription JSON example. */
const TRANSCRIPT_USAGE = {
  type: 'tokens',
  input_tokens: 14,
  input_token_details: { text_tokens: 0, audio_tokens: 14 },
  output_tokens: 45,
  total_tokens: 59,
};

let harness: Harness;
let together: LoopbackUpstream;
/** How the OpenAI upstream answers images and transcriptions (embeddings always replay the recording). */
let mediaReply: Reply;
const schemaFailures: string[] = [];
const lines: Array<Record<string, unknown>> = [];

/** Checks a request against the provider's documented schema; a failure is answered 400 and remembered. */
function documented(
  check: (request: ReceivedRequest) => Promise<{ success: boolean; error?: unknown }>,
  reply: () => Reply,
): Reply {
  return async (request, response) => {
    const result = await check(request);
    if (result.success) return reply()(request, response);
    schemaFailures.push(`${request.url}: ${String(result.error)}`);
    sendJson(response, 400, {
      error: { message: 'request does not match the documented schema', type: 'invalid_request_error' },
    });
  };
}

const OPENAI_PATHS: Record<string, Reply> = {
  '/v1/embeddings': documented(
    async (r) => openAiEmbeddingsUpstreamRequestSchema.safeParse(r.json()),
    () => (_r, response) => sendJson(response, 200, EMBEDDINGS),
  ),
  '/v1/images/generations': documented(
    async (r) => openAiImageGenerationUpstreamSchema.safeParse(r.json()),
    () => mediaReply,
  ),
  '/v1/audio/transcriptions': documented(
    async (r) =>
      openAiTranscriptionUpstreamFormSchema.safeParse(
        await readUpstreamForm(r.body, String(r.headers['content-type'])),
      ),
    () => mediaReply,
  ),
};

beforeAll(async () => {
  setRequestLogging(true);
  const togetherReply = documented(
    async (r) => togetherRerankUpstreamRequestSchema.safeParse(r.json()),
    () => (_r, response) => sendJson(response, 200, recordingJson(RERANK)),
  );
  together = await startLoopbackUpstream((request, response) => togetherReply(request, response));
  harness = await startHarness(
    (request, response) => {
      const reply = OPENAI_PATHS[request.url.split('?')[0] ?? ''];
      return reply
        ? reply(request, response)
        : sendJson(response, 404, { error: { message: `no route ${request.url}` } });
    },
    {
      keys: [
        { name: 'test', secret: GATEWAY_KEY },
        { name: 'embed-budget', secret: KEYS.budget, budgets: [{ period: 'day', tokens: EMBED_TOKENS + 1 }] },
        { name: 'counter', secret: KEYS.counter, rpm: 2 },
      ],
      providers: [{ id: 'together', type: 'together', baseUrl: `${together.url}/v1`, apiKey: 'together-secret' }],
      models: [{ name: 'together/*', targets: [{ provider: 'together' }] }],
      sections: { admin: { secret: ADMIN }, pricing: PRICING },
    },
  );
  harness.gateway.gateway.ops.runtime.logger = createLogger('info', {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
});
afterAll(async () => {
  setRequestLogging(false);
  await harness.close();
  await together.close();
  expect(schemaFailures).toEqual([]);
});

const openai = (apiKey = GATEWAY_KEY) =>
  new OpenAI({ baseURL: `${harness.url}/v1`, apiKey, maxRetries: 0, timeout: 10_000 });
const admin = async (path: string) => fetch(`${harness.url}${path}`, { headers: { authorization: `Bearer ${ADMIN}` } });
const embed = (apiKey = GATEWAY_KEY, model = 'up/priced-embed-3') =>
  openai(apiKey).embeddings.create({ model, input: 'Hello', encoding_format: 'float' }).withResponse();

async function logLine(requestId: string | null): Promise<Record<string, unknown>> {
  return vi.waitFor(() => {
    const line = lines.find((entry) => entry.requestId === requestId);
    if (!line) throw new Error(`no log line for ${requestId}`);
    return line;
  });
}

/** Today's totals of a key at `/admin/usage`. */
async function dayUsage(
  name: string,
): Promise<{ inputTokens: number; outputTokens: number; requests: number; cost?: number }> {
  const body = (await (await admin('/admin/usage')).json()) as {
    data: Array<{ name: string; day: { inputTokens: number; outputTokens: number; requests: number; cost?: number } }>;
  };
  const row = body.data.find((entry) => entry.name === name);
  if (!row) throw new Error(`no usage row for ${name}`);
  return row.day;
}

describe('embeddings in operations', () => {
  it('charges the tokens an embeddings answer reports to the key, and refuses the call once over its budget', async () => {
    await embed(KEYS.budget);
    await vi.waitFor(async () =>
      expect(await dayUsage('embed-budget')).toMatchObject({ inputTokens: EMBED_TOKENS, outputTokens: 0, requests: 1 }),
    );
    // Still under the budget (EMBED_TOKENS + 1): admitted, and charged again.
    await embed(KEYS.budget);
    await vi.waitFor(async () =>
      expect(await dayUsage('embed-budget')).toMatchObject({ inputTokens: 2 * EMBED_TOKENS, requests: 2 }),
    );
    const refused = await embed(KEYS.budget).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
    expect((refused as InstanceType<typeof OpenAI.RateLimitError>).code).toBe('budget_exceeded');
  });

  it('logs provider, upstream model, tokens and cost, and prices the answer like a generation', async () => {
    const { response } = await embed();
    const cost = (EMBED_TOKENS * 100) / 1e6;
    expect(Number(response.headers.get('x-interlingua-cost'))).toBeCloseTo(cost, 10);
    const line = await logLine(response.headers.get('x-request-id'));
    expect(line).toMatchObject({
      key: 'test',
      endpoint: 'embeddings',
      service: 'embeddings',
      model: 'up/priced-embed-3',
      provider: 'upstream',
      upstreamModel: 'priced-embed-3',
      path: 'fast',
      status: 200,
      attempts: 1,
      tokens: { input: EMBED_TOKENS, output: 0 },
    });
    expect(line.cost).toBeCloseTo(cost, 10);
    expect(line.ttfbMs).toEqual(expect.any(Number));
  });

  it('observes a Gemini embedContent caller the same way', async () => {
    const ai = new GoogleGenAI({ apiKey: GATEWAY_KEY, httpOptions: { baseUrl: harness.url, timeout: 10_000 } });
    const answer = await ai.models.embedContent({ model: 'up/priced-embed-g', contents: 'Hello' });
    expect(answer.embeddings).toHaveLength(1);
    const line = await vi.waitFor(() => {
      const found = lines.find((entry) => entry.model === 'up/priced-embed-g');
      if (!found) throw new Error('no log line');
      return found;
    });
    expect(line).toMatchObject({
      endpoint: 'embeddings',
      provider: 'upstream',
      upstreamModel: 'priced-embed-g',
      tokens: { input: EMBED_TOKENS },
    });
  });

  it('shows the embeddings route with its provider, tokens and cost in /metrics', async () => {
    await embed();
    const text = await (await admin('/metrics')).text();
    expect(text).toMatch(/interlingua_requests_total\{route="embeddings",provider="upstream",status="200"\} [1-9]/);
    expect(text).toMatch(
      /interlingua_time_to_first_byte_seconds_count\{route="embeddings",provider="upstream"\} [1-9]/,
    );
    expect(text).toMatch(/interlingua_tokens_total\{provider="upstream",model="priced-embed-3",type="input"\} [1-9]/);
    expect(text).toMatch(/interlingua_cost_total\{provider="upstream",model="priced-embed-3"\} 0\.000[1-9]/);
  });
});

describe('rerank, images and audio in operations', () => {
  it('logs a rerank call with its provider and the tokens the upstream reported', async () => {
    const response = await fetch(`${harness.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'together/Salesforce/Llama-Rank-v1',
        query: 'q',
        documents: RERANK_DOCUMENTS,
        top_n: 2,
      }),
    });
    expect(response.status).toBe(200);
    const tokens = (recordingJson(RERANK) as { usage: { prompt_tokens: number } }).usage.prompt_tokens;
    const line = await logLine(response.headers.get('x-request-id'));
    expect(line).toMatchObject({
      endpoint: 'rerank',
      service: 'rerank',
      provider: 'together',
      upstreamModel: 'Salesforce/Llama-Rank-v1',
      path: 'translated:rerank>jina',
      status: 200,
      tokens: { input: tokens, output: 0 },
    });
    expect(await (await admin('/metrics')).text()).toMatch(
      /interlingua_requests_total\{route="rerank",provider="together",status="200"\} [1-9]/,
    );
  });

  it('logs an images call with its provider and the GPT-image usage of the answer', async () => {
    mediaReply = (_request, response) =>
      sendJson(response, 200, {
        created: 1713833628,
        data: [{ b64_json: TINY_PNG.toString('base64') }],
        usage: IMAGE_USAGE,
      });
    const { response } = await openai().images.generate({ model: 'up/gpt-image-1', prompt: 'otter' }).withResponse();
    const line = await logLine(response.headers.get('x-request-id'));
    expect(line).toMatchObject({
      endpoint: 'images',
      service: 'images.generations',
      provider: 'upstream',
      upstreamModel: 'gpt-image-1',
      path: 'fast',
      status: 200,
      tokens: { input: 50, output: 50 },
      cost: null,
    });
  });

  it('reads the usage of a streamed image from its completed event', async () => {
    const b64 = TINY_PNG.toString('base64');
    const events = [
      {
        type: 'image_generation.partial_image',
        b64_json: b64,
        partial_image_index: 0,
        created_at: 1,
        size: '1024x1024',
        quality: 'low',
        background: 'opaque',
        output_format: 'png',
      },
      {
        type: 'image_generation.completed',
        b64_json: b64,
        created_at: 2,
        size: '1024x1024',
        quality: 'low',
        background: 'opaque',
        output_format: 'png',
        usage: { input_tokens: 5, output_tokens: 10, total_tokens: 15 },
      },
    ];
    mediaReply = (_request, response) =>
      sendSse(response, events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''));
    const { data: stream, response } = await openai()
      .images.generate({ model: 'up/gpt-image-1', prompt: 'otter', stream: true, partial_images: 1 })
      .withResponse();
    for await (const _event of stream);
    expect(await logLine(response.headers.get('x-request-id'))).toMatchObject({
      service: 'images.generations',
      provider: 'upstream',
      tokens: { input: 5, output: 10 },
    });
  });

  it("records a transcription's token usage, and none for Whisper's duration usage", async () => {
    mediaReply = (_request, response) => sendJson(response, 200, { text: 'Hello.', usage: TRANSCRIPT_USAGE });
    const { response } = await openai()
      .audio.transcriptions.create({ model: 'up/gpt-4o-transcribe', file: await toFile(tinyWav(), 'a.wav') })
      .withResponse();
    expect(await logLine(response.headers.get('x-request-id'))).toMatchObject({
      endpoint: 'audio',
      service: 'audio.transcriptions',
      provider: 'upstream',
      upstreamModel: 'gpt-4o-transcribe',
      tokens: { input: 14, output: 45 },
    });
    mediaReply = (_request, response) =>
      sendJson(response, 200, { text: 'Hello.', usage: { type: 'duration', seconds: 3 } });
    const whisper = await openai()
      .audio.transcriptions.create({ model: 'up/whisper-1', file: await toFile(tinyWav(), 'a.wav') })
      .withResponse();
    const line = await logLine(whisper.response.headers.get('x-request-id'));
    expect(line).toMatchObject({ provider: 'upstream', upstreamModel: 'whisper-1', status: 200 });
    expect(line.tokens).toBeUndefined();
  });
});

describe('count-tokens calls in operations', () => {
  it('logs them with model and provider, limits them by RPM, and charges them no tokens', async () => {
    const anthropic = (apiKey: string) =>
      new Anthropic({ baseURL: harness.url, apiKey, maxRetries: 0, timeout: 10_000 });
    const count = (apiKey: string) =>
      anthropic(apiKey)
        .messages.countTokens({ model: 'mock', messages: [{ role: 'user', content: 'count these words' }] })
        .withResponse();
    const { response } = await count(GATEWAY_KEY);
    const line = await logLine(response.headers.get('x-request-id'));
    expect(line).toMatchObject({
      endpoint: 'count-tokens',
      style: 'anthropic-messages',
      model: 'mock',
      provider: 'mock',
      path: 'estimate',
      status: 200,
    });
    expect(line.tokens).toBeUndefined();
    // RPM windows are calendar minutes: sending until refused stays right across a minute boundary.
    let refused: unknown;
    for (let i = 0; i < 5 && !refused; i++) await count(KEYS.counter).catch((e: unknown) => (refused = e));
    expect(refused).toBeInstanceOf(Anthropic.RateLimitError);
    const usage = await dayUsage('counter');
    expect(usage.requests).toBeGreaterThanOrEqual(2);
    expect(usage.inputTokens + usage.outputTokens).toBe(0);
  });

  it("logs Gemini's countTokens with its model and provider", async () => {
    const ai = new GoogleGenAI({ apiKey: GATEWAY_KEY, httpOptions: { baseUrl: harness.url, timeout: 10_000 } });
    const counted = await ai.models.countTokens({ model: 'mock', contents: 'count these words' });
    expect(counted.totalTokens).toBeGreaterThan(0);
    const line = await vi.waitFor(() => {
      const found = lines.find((entry) => entry.endpoint === 'count-tokens' && entry.style === 'gemini');
      if (!found) throw new Error('no log line');
      return found;
    });
    expect(line).toMatchObject({ model: 'mock', provider: 'mock', status: 200 });
    expect(await (await admin('/metrics')).text()).toMatch(
      /interlingua_requests_total\{route="count-tokens",provider="mock",status="200"\} [1-9]/,
    );
  });
});
