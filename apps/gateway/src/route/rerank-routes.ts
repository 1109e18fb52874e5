import { unsupported } from '@interlingua/ir';
import {
  finishRerankResponse,
  irToRerankResponse,
  rerankRequestToIr,
  rerankWire,
  type IrRerankRequest,
  type IrRerankResponse,
} from '@interlingua/rerank';
import { codecFor } from '@interlingua/provider-adapters';
import type { Gateway } from '../gateway.js';
import { completeAnswerHeaders } from '../commit/commit-stream.js';
import { providerLabel, runServiceCall, type ServiceCall } from '../services/service-call.js';
import { localTarget, noteTranslation, postServiceJson, requireService, retrievalRoute } from './retrieval-route.js';
import type { RouteEntry } from './route-entry.js';

/**
 * `POST /v1/rerank`: the Cohere / Jina shape in, every rerank upstream (Cohere v2, Jina,
 * Voyage, Together, vLLM, text-embeddings-inference, the mock) behind it, and one answer
 * readable by Cohere-style and Jina-style clients. Errors are OpenAI-shaped.
 */
export function rerankRoutes(gateway: Gateway): RouteEntry[] {
  const handler = retrievalRoute<IrRerankRequest>(gateway, {
    service: 'rerank',
    errorCodec: codecFor('openai-chat'),
    read(_request, json) {
      const { value } = rerankRequestToIr(json);
      return { model: value.model, input: value };
    },
    serve: serveRerank,
  });
  return [{ method: 'post', path: '/v1/rerank', handler }];
}

async function serveRerank(call: ServiceCall, request: IrRerankRequest): Promise<void> {
  requireService(call, 'rerank');
  const local = localTarget(call, 'rerank');
  if (local)
    return sendRerank(
      call,
      request,
      local.adapter.rerank!(
        { ...request, model: local.target.upstreamModel },
        { settings: local.target.settings, signal: call.signal.asAbortSignal() },
      ),
    );
  await runServiceCall(call, async (serving) => {
    const wire = rerankWire(serving.endpoint.wire);
    if (!wire)
      throw unsupported(
        `rerank: ${providerLabel(serving.target)} names a rerank wire the gateway does not know ("${serving.endpoint.wire}")`,
      );
    const encoded = wire.request.fromIr({ ...request, model: serving.target.upstreamModel });
    noteTranslation(call, `translated:rerank>${wire.id}`, encoded.warnings);
    const answer = await postServiceJson(call, serving, JSON.stringify(encoded.value));
    sendRerank(call, request, wire.response.toIr(answer.json).value);
  });
}

/** Sorts, cuts and completes the upstream's answer for the request, and writes it. */
function sendRerank(call: ServiceCall, request: IrRerankRequest, answer: IrRerankResponse): void {
  const finished = finishRerankResponse(answer, request).value;
  if (finished.usage) call.outcome.usage = finished.usage;
  const body = irToRerankResponse(finished, { id: finished.id ?? `rerank-${call.requestId}`, model: call.model }).value;
  call.sink.sendJson(200, body, completeAnswerHeaders(call));
}
