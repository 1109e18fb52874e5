import { rerankStrictResponseSchema } from '@interlingua/rerank';
import { loadRecording, recordingJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY } from './gateway-harness.test-support.js';
import { json, startRetrievalHarness, type RetrievalHarness } from './retrieval-e2e.test-support.js';

let h: RetrievalHarness;

const DOCUMENTS = [
  'Carson City is the capital of Nevada.',
  'Washington, D.C. is the capital of the United States.',
  'Capital punishment exists in some states.',
  'd3',
  'd4',
  'd5',
  'd6',
];

/** A plain HTTP client, as the rerank callers (LangChain, Dify, RAG scripts) are. */
async function rerank(
  body: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${h.harness.url}/v1/rerank`, {
    method: 'POST',
    headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

beforeAll(async () => {
  h = await startRetrievalHarness();
});
afterAll(async () => h.close());

describe('POST /v1/rerank', () => {
  it('reaches Cohere v2 (recorded answer) and re-attaches documents it does not return', async () => {
    h.reply('cohere', json(recordingJson(loadRecording('rerank/01-cohere-v2.json'))));
    const answer = await rerank({
      model: 'cohere/rerank-v3.5',
      query: 'capital of the United States?',
      documents: DOCUMENTS.slice(0, 2),
      top_n: 2,
      return_documents: true,
      max_tokens_per_doc: 512,
    });
    expect(answer.status).toBe(200);
    const body = rerankStrictResponseSchema.parse(answer.body);
    expect(body.results).toEqual([
      { index: 1, relevance_score: 0.10183054, document: { text: DOCUMENTS[1] } },
      { index: 0, relevance_score: 0.03762639, document: { text: DOCUMENTS[0] } },
    ]);
    expect(body.meta.billed_units).toEqual({ search_units: 1 });
    expect(body.usage).toBeUndefined();
    expect(body.model).toBe('cohere/rerank-v3.5');
    expect(h.lastBody('/cohere/v2/rerank')).toEqual({
      model: 'rerank-v3.5',
      query: 'capital of the United States?',
      documents: DOCUMENTS.slice(0, 2),
      top_n: 2,
      max_tokens_per_doc: 512,
    });
    expect(answer.headers.get('x-interlingua-route')).toBe(
      'provider=cohere; model=rerank-v3.5; attempts=1; path=translated:rerank>cohere-v2',
    );
  });

  it('reaches Together (recorded answer) with usage for Jina- and Cohere-style readers', async () => {
    h.reply('together', json(recordingJson(loadRecording('rerank/03-togetherai.json'))));
    const answer = await rerank({
      model: 'together/Salesforce/Llama-Rank-v1',
      query: 'q',
      documents: DOCUMENTS.map((text) => ({ text })),
      top_k: 2,
    });
    const body = rerankStrictResponseSchema.parse(answer.body);
    expect(body.results).toEqual([
      { index: 0, relevance_score: 0.6475887154399037 },
      { index: 5, relevance_score: 0.6323295373206566 },
    ]);
    expect(body.usage).toEqual({ prompt_tokens: 2966, completion_tokens: 0, total_tokens: 2966 });
    expect(body.meta).toEqual({
      billed_units: { total_tokens: 2966 },
      tokens: { input_tokens: 2966, output_tokens: 0 },
    });
    expect(h.lastBody('/together/v1/rerank')).toEqual({
      model: 'Salesforce/Llama-Rank-v1',
      query: 'q',
      documents: DOCUMENTS,
      top_n: 2,
    });
  });

  it('reaches Jina, sorting an answer that came unsorted', async () => {
    h.reply(
      'jina',
      json({
        model: 'jina-reranker-v2-base-multilingual',
        usage: { total_tokens: 15 },
        results: [
          { index: 0, document: { text: 'x' }, relevance_score: 0.2 },
          { index: 2, document: { text: 'y' }, relevance_score: 0.9 },
        ],
      }),
    );
    const answer = await rerank({
      model: 'jina/jina-reranker-v2-base-multilingual',
      query: 'q',
      documents: DOCUMENTS.slice(0, 3),
    });
    const body = rerankStrictResponseSchema.parse(answer.body);
    expect(body.results).toEqual([
      { index: 2, relevance_score: 0.9 },
      { index: 0, relevance_score: 0.2 },
    ]);
    expect(h.lastBody('/jina/v1/rerank')).toEqual({
      model: 'jina-reranker-v2-base-multilingual',
      query: 'q',
      documents: DOCUMENTS.slice(0, 3),
    });
  });

  it('reaches Voyage with top_k, reading its data[] answer', async () => {
    h.reply(
      'voyage',
      json({
        object: 'list',
        data: [
          { relevance_score: 0.4, index: 1 },
          { relevance_score: 0.1, index: 0 },
        ],
        model: 'rerank-2.5',
        usage: { total_tokens: 26 },
      }),
    );
    const answer = await rerank({
      model: 'voyage/rerank-2.5',
      query: 'q',
      documents: DOCUMENTS.slice(0, 2),
      top_n: 2,
      return_documents: true,
    });
    const body = rerankStrictResponseSchema.parse(answer.body);
    expect(body.results.map((r) => [r.index, r.document?.text])).toEqual([
      [1, DOCUMENTS[1]],
      [0, DOCUMENTS[0]],
    ]);
    expect(body.usage?.total_tokens).toBe(26);
    expect(h.lastBody('/voyage/v1/rerank')).toEqual({
      model: 'rerank-2.5',
      query: 'q',
      documents: DOCUMENTS.slice(0, 2),
      top_k: 2,
    });
  });

  it('reaches text-embeddings-inference with texts, cutting to top_n itself', async () => {
    h.reply(
      'tei',
      json([
        { index: 2, score: 0.7 },
        { index: 0, score: 0.9 },
        { index: 1, score: 0.1 },
      ]),
    );
    const answer = await rerank({
      model: 'tei/bge-reranker-base',
      query: 'q',
      documents: DOCUMENTS.slice(0, 3),
      top_n: 2,
    });
    const body = rerankStrictResponseSchema.parse(answer.body);
    expect(body.results).toEqual([
      { index: 0, relevance_score: 0.9 },
      { index: 2, relevance_score: 0.7 },
    ]);
    expect(body.meta).toEqual({ billed_units: {} });
    expect(h.lastBody('/tei/rerank')).toEqual({ query: 'q', texts: DOCUMENTS.slice(0, 3) });
  });

  it('answers the mock with documented lexical-overlap scores', async () => {
    const answer = await rerank({
      model: 'mock',
      query: 'capital of Nevada',
      documents: DOCUMENTS.slice(0, 3),
      return_documents: true,
    });
    const body = rerankStrictResponseSchema.parse(answer.body);
    expect(body.results[0]).toEqual({ index: 0, relevance_score: 1, document: { text: DOCUMENTS[0] } });
    expect(body.results.map((r) => r.relevance_score)).toEqual([1, 2 / 3, 1 / 3]);
  });
});

describe('rerank refusals and errors, OpenAI-shaped', () => {
  it('refuses a provider without rerank, naming it', async () => {
    const answer = await rerank({ model: 'up/gpt-4o', query: 'q', documents: ['a'] });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('rerank is not supported by provider "upstream"'),
      },
    });
  });

  it('refuses a bad body naming the field', async () => {
    const answer = await rerank({ model: 'mock', query: 'q', documents: [{ title: 'no text' }] });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { param: 'documents[0]' } });
  });

  it('passes an upstream error status on with its message', async () => {
    h.reply('voyage', json({ detail: 'Provided API key is invalid.' }, 401));
    const answer = await rerank({ model: 'voyage/rerank-2.5', query: 'q', documents: ['a'] });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: { message: 'Provided API key is invalid.' } });
  });

  it('answers an upstream result for a document it was not sent with a 502', async () => {
    h.reply('jina', json({ results: [{ index: 7, relevance_score: 1 }] }));
    const answer = await rerank({ model: 'jina/m', query: 'q', documents: ['a'] });
    expect(answer.status).toBe(502);
  });

  it('sent every upstream request in its documented shape', () => {
    expect(h.schemaFailures).toEqual([]);
  });
});
