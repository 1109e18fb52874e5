import { ApiError, GoogleGenAI } from '@google/genai';
import { loadRecording, recordingJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY } from './gateway-harness.test-support.js';
import { json, startRetrievalHarness, type RetrievalHarness } from './retrieval-e2e.test-support.js';

let h: RetrievalHarness;
let ai: GoogleGenAI;

const OPENAI = recordingJson(loadRecording('embeddings/01-openai-float.json')) as {
  data: Array<{ embedding: number[] }>;
};
const COHERE = recordingJson(loadRecording('embeddings/06-cohere-v2-embed-float.json')) as {
  embeddings: { float: number[][] };
};
const GEMINI = recordingJson(loadRecording('embeddings/04-gemini-batch-embed.json')) as {
  embeddings: Array<{ values: number[] }>;
};

beforeAll(async () => {
  h = await startRetrievalHarness();
  ai = new GoogleGenAI({ apiKey: GATEWAY_KEY, httpOptions: { baseUrl: h.harness.url, timeout: 10_000 } });
});
afterAll(async () => h.close());

describe('@google/genai models.embedContent through the gateway', () => {
  it('reaches a Gemini upstream on the fast path, the model rewritten in the path and in each request', async () => {
    h.reply('gemini', json(GEMINI));
    const answer = await ai.models.embedContent({
      model: 'gemini/gemini-embedding-001',
      contents: 'Hello',
      config: { outputDimensionality: 768, taskType: 'RETRIEVAL_QUERY' },
    });
    expect(answer.embeddings?.[0]?.values).toEqual(GEMINI.embeddings[0]?.values);
    expect(h.lastBody('/gemini/v1beta/models/gemini-embedding-001:batchEmbedContents')).toMatchObject({
      requests: [
        {
          model: 'models/gemini-embedding-001',
          content: { parts: [{ text: 'Hello' }] },
          taskType: 'RETRIEVAL_QUERY',
          outputDimensionality: 768,
        },
      ],
    });
    expect(answer.sdkHttpResponse?.headers?.['x-interlingua-route']).toContain('path=fast');
  });

  it('reaches an OpenAI upstream (recorded answer), outputDimensionality as dimensions', async () => {
    h.reply('openai', json(OPENAI));
    const answer = await ai.models.embedContent({
      model: 'up/text-embedding-3-small',
      contents: ['Hello'],
      config: { outputDimensionality: 1536 },
    });
    expect(answer.embeddings?.[0]?.values).toEqual(OPENAI.data[0]?.embedding);
    expect(h.lastBody('/v1/embeddings')).toEqual({
      model: 'text-embedding-3-small',
      input: ['Hello'],
      dimensions: 1536,
    });
  });

  it('reaches Cohere with the task as input_type, several contents in order', async () => {
    h.reply('cohere', json({ ...COHERE, embeddings: { float: [COHERE.embeddings.float[0], [1, 2, 3]] } }));
    const answer = await ai.models.embedContent({
      model: 'cohere/embed-v4.0',
      contents: ['first', 'second'],
      config: { taskType: 'CLUSTERING' },
    });
    expect(answer.embeddings?.map((e) => e.values?.length)).toEqual([1536, 3]);
    expect(h.lastBody('/cohere/v2/embed')).toEqual({
      model: 'embed-v4.0',
      texts: ['first', 'second'],
      input_type: 'clustering',
      embedding_types: ['float'],
    });
  });

  it('reaches the mock', async () => {
    const answer = await ai.models.embedContent({
      model: 'mock',
      contents: 'hello',
      config: { outputDimensionality: 16 },
    });
    expect(answer.embeddings?.[0]?.values).toHaveLength(16);
  });

  it('reports a recorded Gemini 404 as the SDK ApiError', async () => {
    const recording = loadRecording('embeddings/05-gemini-error-404.json');
    h.reply('gemini', json(recordingJson(recording), recording.http_status));
    const error = await ai.models
      .embedContent({ model: 'gemini/nonexistent-model', contents: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toContain('NOT_FOUND');
  });

  it('refuses a provider without embeddings in the Gemini error shape', async () => {
    const error = await ai.models.embedContent({ model: 'groq/llama', contents: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toContain('embeddings are not supported by provider \\"groq\\"');
  });
});

describe('model listing', () => {
  it('says which models can embed or rerank in the Gemini list', async () => {
    // Groq lists its models (OpenAI's list shape); a provider that fails to list is left out of the list.
    h.reply(
      'groq',
      json({ object: 'list', data: [{ id: 'llama-3.3', object: 'model', created: 1, owned_by: 'groq' }] }),
    );
    const response = await fetch(`${h.harness.url}/v1beta/models?pageSize=1000`, {
      headers: { 'x-goog-api-key': GATEWAY_KEY },
    });
    const { models } = (await response.json()) as {
      models: Array<{ name: string; supportedGenerationMethods: string[] }>;
    };
    const methods = (name: string): string[] | undefined =>
      models.find((m) => m.name === `models/${name}`)?.supportedGenerationMethods;
    expect(methods('cohere/*')).toEqual(expect.arrayContaining(['embedContent', 'batchEmbedContents']));
    expect(methods('cohere/*')).not.toContain('generateContent');
    expect(methods('mock')).toEqual(expect.arrayContaining(['generateContent', 'embedContent']));
    expect(methods('groq/llama-3.3')).toEqual(expect.arrayContaining(['generateContent']));
    expect(methods('groq/llama-3.3')).not.toContain('embedContent');
  });
});

describe(':embedContent over HTTP', () => {
  const post = (model: string, body: unknown) =>
    fetch(`${h.harness.url}/v1beta/models/${model}:embedContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': GATEWAY_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers {embedding:{values}} from any upstream', async () => {
    h.reply(
      'voyage',
      json({
        object: 'list',
        data: [{ object: 'embedding', embedding: [0.5, 0.5], index: 0 }],
        model: 'voyage-3.5',
        usage: { total_tokens: 2 },
      }),
    );
    const answer = await post('voyage/voyage-3.5', {
      content: { parts: [{ text: 'a' }, { text: 'b' }] },
      taskType: 'RETRIEVAL_DOCUMENT',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ embedding: { values: [0.5, 0.5] } });
    expect(h.lastBody('/voyage/v1/embeddings')).toEqual({
      model: 'voyage-3.5',
      input: ['a\nb'],
      input_type: 'document',
    });
  });

  it('refuses an image part for a text upstream, and a bad body, naming the field', async () => {
    const image = await post('cohere/embed-v4.0', {
      content: { parts: [{ inlineData: { mimeType: 'image/png', data: 'AA==' } }] },
    });
    expect(image.status).toBe(400);
    expect(await image.json()).toMatchObject({
      error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('content.parts[0]') },
    });
    const bad = await post('mock', { content: { parts: [] } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^content.parts/);
  });

  it('sent every upstream request in its documented shape', () => {
    expect(h.schemaFailures).toEqual([]);
  });
});
