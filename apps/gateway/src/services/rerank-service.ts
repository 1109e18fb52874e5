import { unsupported } from '@interlingua/ir';
import {
  finishRerankResponse,
  irToRerankResponse,
  rerankWire,
  type IrRerankRequest,
  type IrRerankResponse,
} from '@interlingua/rerank';
import { completeAnswerHeaders } from '../commit/commit-stream.js';
import { providerLabel, runServiceCall, type ServiceCall } from './service-call.js';
import { localTarget, noteTranslation, postServiceJson, requireService } from './retrieval-service.js';

/** Serves a rerank request: in process (the mock) or translated to the upstream's rerank wire. */
export async function rerankService(call: ServiceCall, request: IrRerankRequest): Promise<void> {
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
  if (finished.usage) call.outcome.used(finished.usage);
  const body = irToRerankResponse(finished, { id: finished.id ?? `rerank-${call.requestId}`, model: call.model }).value;
  call.sink.sendJson(200, body, completeAnswerHeaders(call));
}
