import { checkUsageInvariants } from '@interlingua/ir';
import { listRecordings, recordingJson, type Recording } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { finishRerankResponse } from './finish-rerank-response.js';
import { irToRerankResponse } from './ir-to-rerank-response.js';
import type { IrRerankRequest, RerankWireId } from './rerank-ir.js';
import { rerankResultsResponseToIr } from './rerank-results-response-to-ir.js';
import { rerankStrictResponseSchema } from './rerank-schema.js';
import { RERANK_WIRES } from './rerank-wires.js';

/** Together's recorded answer speaks the Jina-compatible wire; Cohere's the Cohere v2 one. */
function wireOf(recording: Recording): RerankWireId {
  return recording.file.includes('cohere') ? 'cohere-v2' : 'jina';
}

const recordings = listRecordings('rerank');

describe('recorded rerank answers', () => {
  it('covers Cohere v2 and Together', () => {
    expect(recordings.map(wireOf).sort()).toEqual(['cohere-v2', 'jina']);
  });

  it.each(recordings.map((r) => [r.file, r] as const))('%s decodes as its sidecar says', (_file, recording) => {
    const { value } = RERANK_WIRES[wireOf(recording)].response.toIr(recordingJson(recording));
    const expected = recording.expect.results as Array<{ index: number; relevance_score: number }>;
    expect(value.results.map((r) => ({ index: r.index, relevance_score: r.relevanceScore }))).toEqual(expected);
    const usage = recording.expect.usage as Record<string, number>;
    if (usage.search_units !== undefined) expect(value.searchUnits).toBe(usage.search_units);
    if (usage.total_tokens !== undefined) {
      expect(value.usage?.inputTokens).toBe(usage.prompt_tokens);
      expect(checkUsageInvariants(value.usage!)).toEqual([]);
    }
  });

  it.each(recordings.map((r) => [r.file, r] as const))(
    '%s answers a caller in the strict shape, documents from the request',
    (_file, recording) => {
      const decoded = RERANK_WIRES[wireOf(recording)].response.toIr(recordingJson(recording)).value;
      const documents = Array.from({ length: 8 }, (_, i) => `doc ${i}`);
      const request: IrRerankRequest = { model: 'm', query: 'q', documents, returnDocuments: true };
      const answer = irToRerankResponse(finishRerankResponse(decoded, request).value, {
        id: 'req_1',
        model: 'alias',
      }).value;
      rerankStrictResponseSchema.parse(answer);
      expect(answer.results.every((r) => r.document?.text === documents[r.index])).toBe(true);
      const scores = answer.results.map((r) => r.relevance_score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(rerankResultsResponseToIr(answer).value.results.map((r) => r.index)).toEqual(
        answer.results.map((r) => r.index),
      );
    },
  );
});
