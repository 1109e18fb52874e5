import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { finishRerankResponse } from './finish-rerank-response.js';
import { irToRerankRequest } from './ir-to-rerank-request.js';
import { irToRerankResponse } from './ir-to-rerank-response.js';
import type { IrRerankRequest } from './rerank-ir.js';
import { rerankRequestToIr } from './rerank-request-to-ir.js';
import { rerankStrictResponseSchema } from './rerank-schema.js';
import { RERANK_WIRES, rerankWire } from './rerank-wires.js';

function rejection(wire: unknown): IrError {
  try {
    rerankRequestToIr(wire);
  } catch (error) {
    if (error instanceof IrError) return error;
    throw error;
  }
  throw new Error('accepted');
}

const request: IrRerankRequest = {
  model: 'm',
  query: 'capital of France',
  documents: ['Paris', 'Berlin', 'Rome'],
  topN: 2,
  returnDocuments: true,
};

describe('rerank requests', () => {
  it('reads string and {text} documents, top_k as top_n, and keeps extras', () => {
    const { value } = rerankRequestToIr({
      model: 'm',
      query: 'q',
      documents: ['a', { text: 'b', title: 't' }],
      top_k: 1,
      return_documents: true,
      max_tokens_per_doc: 512,
    });
    expect(value).toEqual({
      model: 'm',
      query: 'q',
      documents: ['a', 'b'],
      topN: 1,
      returnDocuments: true,
      extensions: { rerank: { max_tokens_per_doc: 512 } },
    });
    expect(irToRerankRequest(value).value).toEqual({
      max_tokens_per_doc: 512,
      model: 'm',
      query: 'q',
      documents: ['a', 'b'],
      top_n: 1,
      return_documents: true,
    });
  });

  it.each([
    [{ query: 'q', documents: ['a'] }, 'model'],
    [{ model: 'm', documents: ['a'] }, 'query'],
    [{ model: 'm', query: 'q', documents: [] }, 'documents'],
    [{ model: 'm', query: 'q', documents: [{ title: 'x' }] }, 'documents[0]'],
    [{ model: 'm', query: 'q', documents: ['a'], top_n: 0 }, 'top_n'],
    [{ model: 'm', query: 'q', documents: ['a'], top_n: 1, top_k: 2 }, 'top_k'],
    [{ model: 'm', query: 'q', documents: ['a'], return_documents: 'yes' }, 'return_documents'],
  ])('refuses %j naming %s', (wire, field) => {
    const error = rejection(wire);
    expect(error.data).toMatchObject({ kind: 'invalid-request', param: field });
    expect(error.message.startsWith(`${field}:`)).toBe(true);
  });

  it('writes each upstream wire with its own names', () => {
    const ir = { ...request, extensions: { rerank: { max_tokens_per_doc: 100, truncation: false, truncate: true } } };
    expect(RERANK_WIRES['cohere-v2'].request.fromIr(ir).value).toEqual({
      model: 'm',
      query: 'capital of France',
      documents: ['Paris', 'Berlin', 'Rome'],
      top_n: 2,
      max_tokens_per_doc: 100,
    });
    expect(RERANK_WIRES.jina.request.fromIr(ir).value).toEqual({
      model: 'm',
      query: 'capital of France',
      documents: ['Paris', 'Berlin', 'Rome'],
      top_n: 2,
    });
    expect(RERANK_WIRES.voyage.request.fromIr(ir).value).toEqual({
      model: 'm',
      query: 'capital of France',
      documents: ['Paris', 'Berlin', 'Rome'],
      top_k: 2,
      truncation: false,
    });
    expect(RERANK_WIRES.tei.request.fromIr(ir).value).toEqual({
      query: 'capital of France',
      texts: ['Paris', 'Berlin', 'Rome'],
      truncate: true,
    });
    expect(rerankWire('nope')).toBeUndefined();
  });
});

describe('rerank answers', () => {
  it('reads documented Voyage and TEI answers', () => {
    /** Shape of https://docs.voyageai.com/reference/reranker-api's answer. */
    const voyage = RERANK_WIRES.voyage.response.toIr({
      object: 'list',
      data: [
        { relevance_score: 0.4, index: 1 },
        { relevance_score: 0.9, index: 0 },
      ],
      model: 'rerank-2.5',
      usage: { total_tokens: 26 },
    }).value;
    expect(voyage).toMatchObject({
      model: 'rerank-2.5',
      usage: { inputTokens: 26 },
      results: [
        { index: 1, relevanceScore: 0.4 },
        { index: 0, relevanceScore: 0.9 },
      ],
    });
    /** Shape of TEI's `/rerank` answer (huggingface.github.io/text-embeddings-inference). */
    const tei = RERANK_WIRES.tei.response.toIr([
      { index: 2, score: 0.1 },
      { index: 0, score: 0.99, text: null },
    ]).value;
    expect(tei.results).toEqual([
      { index: 2, relevanceScore: 0.1 },
      { index: 0, relevanceScore: 0.99 },
    ]);
    expect(() => RERANK_WIRES.tei.response.toIr({ error: 'x' })).toThrow(IrError);
    expect(() => RERANK_WIRES['cohere-v2'].response.toIr({ message: 'bad' })).toThrow(/did not answer/);
  });

  it('sorts by score, cuts to topN, and attaches documents only when asked', () => {
    const upstream = {
      results: [
        { index: 2, relevanceScore: 0.1 },
        { index: 0, relevanceScore: 0.9 },
        { index: 1, relevanceScore: 0.5, document: 'ignored' },
      ],
    };
    const finished = finishRerankResponse(upstream, request).value;
    expect(finished.results).toEqual([
      { index: 0, relevanceScore: 0.9, document: 'Paris' },
      { index: 1, relevanceScore: 0.5, document: 'Berlin' },
    ]);
    const bare = finishRerankResponse(upstream, { ...request, returnDocuments: false, topN: undefined }).value;
    expect(bare.results.map((r) => [r.index, r.document])).toEqual([
      [0, undefined],
      [1, undefined],
      [2, undefined],
    ]);
  });

  it('refuses results for documents the request did not hold', () => {
    expect(() => finishRerankResponse({ results: [{ index: 3, relevanceScore: 1 }] }, request)).toThrow(/document 3/);
    expect(() =>
      finishRerankResponse(
        {
          results: [
            { index: 0, relevanceScore: 1 },
            { index: 0, relevanceScore: 0.5 },
          ],
        },
        request,
      ),
    ).toThrow(IrError);
  });

  it('writes usage and meta.tokens only when tokens are known', () => {
    const withTokens = irToRerankResponse(
      { results: [], usage: { inputTokens: 5, outputTokens: 0, totalTokens: 5 } },
      { id: 'x', model: 'm' },
    ).value;
    expect(rerankStrictResponseSchema.parse(withTokens)).toMatchObject({
      usage: { prompt_tokens: 5, total_tokens: 5 },
      meta: { billed_units: { total_tokens: 5 }, tokens: { input_tokens: 5, output_tokens: 0 } },
    });
    const unitsOnly = irToRerankResponse({ results: [], searchUnits: 1 }, { id: 'x', model: 'm' }).value;
    expect(unitsOnly).toEqual({ id: 'x', model: 'm', results: [], meta: { billed_units: { search_units: 1 } } });
  });
});
