import { encodeFloat32Base64 } from '@interlingua/embeddings';
import { loadRecording, recordingJson } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY } from './gateway-harness.test-support.js';
import { json, startRetrievalHarness, type RetrievalHarness } from './retrieval-e2e.test-support.js';

let h: RetrievalHarness;
let client: OpenAI;

const OPENAI = recordingJson(loadRecording('embeddings/01-openai-float.json')) as {
  data: Array<{ embedding: number[] }>;
  model: string;
  usage: { prompt_tokens: number };
};
const COHERE = recordingJson(loadRecording('embeddings/06-cohere-v2-embed-float.json')) as {
  embeddings: { float: number[][] };
  meta: { billed_units: { input_tokens: number } };
};
const GEMINI = recordingJson(loadRecording('embeddings/04-gemini-batch-embed.json')) as {
  embeddings: Array<{ values: number[] }>;
};
const float32 = (vector: number[]): number[] => vector.map(Math.fround);

beforeAll(async () => {
  h = await startRetrievalHarness();
  client = new OpenAI({ baseURL: `${h.harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});
afterAll(async () => h.close());

describe('embeddings.create to an OpenAI upstream (fast path)', () => {
  it('passes an explicit float request and the recorded answer through untouched', async () => {
    h.reply('openai', json(OPENAI));
    const { data, response } = await client.embeddings
      .create({ model: 'up/text-embedding-ada-002', input: 'Hello', encoding_format: 'float' })
      .withResponse();
    expect(data.data[0]?.embedding).toEqual(OPENAI.data[0]?.embedding);
    expect(data.usage).toEqual(loadRecording('embeddings/01-openai-float.json').expect.usage);
    expect(h.lastBody('/v1/embeddings')).toEqual({
      model: 'text-embedding-ada-002',
      input: 'Hello',
      encoding_format: 'float',
    });
    expect(response.headers.get('x-interlingua-route')).toBe(
      'provider=upstream; model=text-embedding-ada-002; attempts=1; path=fast',
    );
  });

  it('asks base64 upstream by default and hands the upstream base64 back for the SDK to decode', async () => {
    h.reply(
      'openai',
      json({
        ...OPENAI,
        data: OPENAI.data.map((d, index) => ({
          object: 'embedding',
          index,
          embedding: encodeFloat32Base64(d.embedding),
        })),
      }),
    );
    const answer = await client.embeddings.create({ model: 'up/text-embedding-ada-002', input: ['Hello'] });
    expect(h.lastBody('/v1/embeddings')).toMatchObject({ encoding_format: 'base64' });
    expect(answer.data[0]?.embedding).toEqual(float32(OPENAI.data[0]!.embedding));
  });

  it('re-encodes when an OpenAI-compatible upstream ignores base64 and answers floats', async () => {
    h.reply('openai', json(OPENAI));
    const answer = await client.embeddings.create({ model: 'up/text-embedding-ada-002', input: 'Hello' });
    expect(answer.data[0]?.embedding).toEqual(float32(OPENAI.data[0]!.embedding));
  });

  it('forwards token arrays, dimensions and user', async () => {
    h.reply('openai', json({ ...OPENAI, data: [OPENAI.data[0], { ...OPENAI.data[0], index: 1 }] }));
    await client.embeddings.create({
      model: 'up/text-embedding-3-small',
      input: [[1, 2], [3]],
      dimensions: 1536,
      user: 'u1',
      encoding_format: 'float',
    });
    expect(h.lastBody('/v1/embeddings')).toEqual({
      model: 'text-embedding-3-small',
      input: [[1, 2], [3]],
      dimensions: 1536,
      user: 'u1',
      encoding_format: 'float',
    });
  });

  it('answers an upstream with another number of vectors than inputs with a 502', async () => {
    h.reply('openai', json(OPENAI));
    const error = await client.embeddings
      .create({ model: 'up/x', input: ['a', 'b'], encoding_format: 'float' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toMatch(/1 embeddings for 2 inputs/);
  });

  it('passes the recorded 404 on as the SDK error class', async () => {
    const recording = loadRecording('embeddings/03-openai-error-404.json');
    h.reply('openai', json(recordingJson(recording), recording.http_status));
    const error = await client.embeddings.create({ model: 'up/nonexistent', input: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as InstanceType<typeof OpenAI.NotFoundError>).message).toContain('does not exist');
  });
});

describe('embeddings.create translated to other upstreams', () => {
  it('reaches Cohere v2 embed (recorded answer) with float types and an input_type', async () => {
    h.reply('cohere', json(COHERE));
    const { data, response } = await client.embeddings
      .create({ model: 'cohere/embed-v4.0', input: 'Hello, world!', dimensions: 1536 })
      .withResponse();
    expect(data.data[0]?.embedding).toEqual(float32(COHERE.embeddings.float[0]!));
    expect(data.usage).toEqual({
      prompt_tokens: COHERE.meta.billed_units.input_tokens,
      total_tokens: COHERE.meta.billed_units.input_tokens,
    });
    expect(data.model).toBe('cohere/embed-v4.0');
    expect(h.lastBody('/cohere/v2/embed')).toEqual({
      model: 'embed-v4.0',
      texts: ['Hello, world!'],
      input_type: 'search_document',
      embedding_types: ['float'],
      output_dimension: 1536,
    });
    expect(response.headers.get('x-interlingua-route')).toContain('path=translated:openai>cohere-v2');
    expect(response.headers.get('x-interlingua-warnings')).toContain('input_type');
    const upstream = h.services.requests.at(-1)!;
    expect(upstream.headers.authorization).toBe('Bearer cohere-secret');
  });

  it('maps an input_type hint to Cohere, Voyage and Jina', async () => {
    h.reply('cohere', json(COHERE));
    await client.embeddings.create({
      model: 'cohere/embed-v4.0',
      input: 'q',
      encoding_format: 'float',
      input_type: 'query',
    } as OpenAI.EmbeddingCreateParams);
    expect(h.lastBody('/cohere/v2/embed')).toMatchObject({ input_type: 'search_query' });
    h.reply(
      'voyage',
      json({
        object: 'list',
        data: [{ object: 'embedding', embedding: [0.5, 0.25], index: 0 }],
        model: 'voyage-3.5',
        usage: { total_tokens: 3 },
      }),
    );
    const voyage = await client.embeddings.create({
      model: 'voyage/voyage-3.5',
      input: 'q',
      input_type: 'query',
      dimensions: 256,
    } as OpenAI.EmbeddingCreateParams);
    expect(voyage.data[0]?.embedding).toEqual([0.5, 0.25]);
    expect(voyage.usage.total_tokens).toBe(3);
    expect(h.lastBody('/voyage/v1/embeddings')).toEqual({
      model: 'voyage-3.5',
      input: ['q'],
      input_type: 'query',
      output_dimension: 256,
    });
    h.reply(
      'jina',
      json({
        model: 'jina-embeddings-v3',
        object: 'list',
        usage: { total_tokens: 2, prompt_tokens: 2 },
        data: [
          { object: 'embedding', index: 0, embedding: [1, 0] },
          { object: 'embedding', index: 1, embedding: [0, 1] },
        ],
      }),
    );
    const jina = await client.embeddings.create({
      model: 'jina/jina-embeddings-v3',
      input: ['a', 'b'],
      input_type: 'document',
    } as OpenAI.EmbeddingCreateParams);
    expect(jina.data.map((d) => d.embedding)).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(h.lastBody('/jina/v1/embeddings')).toEqual({
      model: 'jina-embeddings-v3',
      input: ['a', 'b'],
      task: 'retrieval.passage',
    });
  });

  it('reaches Gemini batchEmbedContents (recorded answer), usage written as 0 with a warning', async () => {
    h.reply('gemini', json(GEMINI));
    const { data, response } = await client.embeddings
      .create({ model: 'gemini/gemini-embedding-001', input: 'Hello', dimensions: 768 })
      .withResponse();
    expect(data.data[0]?.embedding).toEqual(float32(GEMINI.embeddings[0]!.values));
    expect(data.usage.prompt_tokens).toBe(0);
    expect(response.headers.get('x-interlingua-warnings')).toContain('usage');
    expect(h.lastBody('/gemini/v1beta/models/gemini-embedding-001:batchEmbedContents')).toEqual({
      requests: [
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'Hello' }] }, outputDimensionality: 768 },
      ],
    });
    expect(h.services.requests.at(-1)?.headers['x-goog-api-key']).toBe('gemini-secret');
  });

  it('reaches Together and text-embeddings-inference on their OpenAI routes', async () => {
    h.reply('together', json(OPENAI));
    await client.embeddings.create({ model: 'together/BAAI/bge-large-en-v1.5', input: 'x', encoding_format: 'float' });
    expect(h.lastBody('/together/v1/embeddings')).toMatchObject({ model: 'BAAI/bge-large-en-v1.5' });
    h.reply('tei', json(OPENAI));
    await client.embeddings.create({ model: 'tei/bge', input: 'x', encoding_format: 'float' });
    expect(h.lastBody('/tei/v1/embeddings')).toMatchObject({ model: 'bge' });
  });

  it('refuses token arrays for a text-only upstream with a 400 naming input', async () => {
    const error = await client.embeddings
      .create({ model: 'cohere/embed-v4.0', input: [[1, 2, 3]] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toMatch(
      /input: Cohere embeddings take text only/,
    );
  });

  it('maps a Gemini 404 (recorded) to the SDK NotFoundError', async () => {
    const recording = loadRecording('embeddings/05-gemini-error-404.json');
    h.reply('gemini', json(recordingJson(recording), recording.http_status));
    const error = await client.embeddings
      .create({ model: 'gemini/nonexistent-model', input: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as InstanceType<typeof OpenAI.NotFoundError>).message).toContain('nonexistent-model is not found');
  });

  it('maps a Cohere error body with its status', async () => {
    h.reply('cohere', json({ id: 'e1', message: 'invalid api token' }, 401));
    const error = await client.embeddings.create({ model: 'cohere/embed-v4.0', input: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.AuthenticationError>).message).toContain('invalid api token');
  });
});

describe('embeddings routing and refusals', () => {
  it('answers the mock with documented unit vectors, deterministic', async () => {
    const first = await client.embeddings.create({
      model: 'mock',
      input: ['hello world', 'hello world'],
      dimensions: 64,
    });
    const [a, b] = first.data.map((d) => d.embedding);
    expect(a).toHaveLength(64);
    expect(a).toEqual(b);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 5);
    const again = await client.embeddings.create({ model: 'mock', input: 'hello world', encoding_format: 'float' });
    expect(again.data[0]?.embedding).toHaveLength(256);
  });

  it('skips a target without embeddings and serves on the next', async () => {
    h.reply('cohere', json(COHERE));
    const { response } = await client.embeddings.create({ model: 'embed-fallback', input: 'x' }).withResponse();
    expect(response.headers.get('x-interlingua-route')).toContain('provider=cohere');
  });

  it('refuses a provider without embeddings with a 400 naming it', async () => {
    const error = await client.embeddings.create({ model: 'groq/llama-3.3-70b', input: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toContain(
      'embeddings are not supported by provider "groq"',
    );
  });

  it('refuses chat on a provider that only serves embeddings and rerank', async () => {
    const error = await client.chat.completions
      .create({ model: 'cohere/command-a', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toContain(
      'Text generation is not supported by provider "cohere"',
    );
  });

  it('refuses bad bodies and unknown models in the OpenAI error shape', async () => {
    const bad = await fetch(`${h.harness.url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock', input: [] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { type: 'invalid_request_error', param: 'input', message: expect.stringMatching(/^input:/) },
    });
    const unknown = await client.embeddings.create({ model: 'nowhere', input: 'x' }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('sent every upstream request in its documented shape', () => {
    expect(h.schemaFailures).toEqual([]);
  });
});
