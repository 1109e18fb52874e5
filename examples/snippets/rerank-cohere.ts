import { rerankRequestToIr, RERANK_WIRES, finishRerankResponse, irToRerankResponse } from '@interlingua/rerank';

const { value: request } = rerankRequestToIr({
  model: 'rerank-v3.5',
  query: 'capital?',
  documents: ['Paris', 'Rome'],
  top_n: 1,
  return_documents: true,
});
const body = RERANK_WIRES['cohere-v2'].request.fromIr(request).value; // POST to https://api.cohere.com/v2/rerank
console.log(body);
const cohereAnswer = {
  id: 'r1',
  results: [
    { index: 1, relevance_score: 0.2 },
    { index: 0, relevance_score: 0.9 },
  ],
  meta: { billed_units: { search_units: 1 } },
};
const answer = RERANK_WIRES['cohere-v2'].response.toIr(cohereAnswer).value;
const reply = irToRerankResponse(finishRerankResponse(answer, request).value, {
  id: 'rerank-1',
  model: 'rerank-v3.5',
}).value;
console.log(reply.results); // [{ index: 0, relevance_score: 0.9, document: { text: 'Paris' } }]
