import type { IrError } from '@interlingua/ir';
import { invalidRequest, type IrResponse } from '@interlingua/ir';
import { openAiResponsesCompactionFromIr, openAiResponsesCompactRequestToIr } from '@interlingua/openai-responses';
import type { GatewayKey } from '../auth/api-keys.js';
import type { GenerationRequestDraft } from '../context/generation-call.js';
import type { RouteTarget } from '../plan/model-router.js';
import { sealCompaction, type CompactionSealKey } from './compaction-seal.js';
import { compactionSummaryRequest } from './compaction-transcript.js';
import { isResponsesTarget, restrictToResponsesTargets, type ResponsesState } from './responses-targets.js';
import { prepareConversation, type PreparedConversation } from './responses-conversation.js';
import { newGatewayResponseId } from './response-store.js';
import { upstreamError } from '../http/style-errors.js';

/** The compaction endpoint beside a Responses endpoint URL (`…/responses` -> `…/responses/compact`). */
export function compactUrl(responsesUrl: string): string {
  const url = new URL(responsesUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/compact`;
  return url.toString();
}

/** The same target, with generation calls sent to the compaction endpoint. */
function compactTarget(target: RouteTarget): RouteTarget {
  const adapter = target.adapter;
  if (adapter.kind !== 'http') return target;
  return {
    ...target,
    adapter: {
      ...adapter,
      generation: (call) => {
        const endpoint = adapter.generation(call);
        return { ...endpoint, url: compactUrl(endpoint.url) };
      },
    },
  };
}

/** The text of an answer's first choice. */
export function answerText(response: IrResponse): string {
  return (response.choices[0]?.content ?? [])
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
}

export function noSummary(): IrError {
  return upstreamError('The upstream model returned no summary text for the compaction');
}

/**
 * Emulated compaction: the call asks the target model for a summary of the conversation and
 * answers a `response.compaction` object: the user messages kept as they are, then one
 * `compaction` item whose `encrypted_content` is the summary sealed with the gateway's secret,
 * for the calling key alone.
 */
function emulate(call: GenerationRequestDraft, prepared: PreparedConversation, seal: CompactionSealKey): void {
  const id = newGatewayResponseId();
  const created = Math.floor(Date.now() / 1000);
  const kept = prepared.ir.messages.filter((message) => message.role === 'user');
  call.preparedIr = { ir: compactionSummaryRequest(prepared.ir), warnings: prepared.warnings };
  call.forceTranslation = true;
  call.hooks.onIrResponse = (response) => {
    if (answerText(response) === '') throw noSummary();
  };
  const base = call.inbound.codec;
  const fromIr = (response: IrResponse) =>
    openAiResponsesCompactionFromIr({
      id,
      created,
      messages: kept,
      encryptedContent: sealCompaction({ summary: answerText(response), model: call.model, created }, seal),
      ...(response.usage ? { usage: response.usage } : {}),
    });
  call.inbound = { ...call.inbound, codec: { ...base, response: { ...base.response, fromIr } } };
}

/**
 * The `prepare` hook of `POST /v1/responses/compact`. A request an OpenAI Responses upstream can
 * take as it is goes there unchanged (non-streaming, only model and auth rewritten, the answer's
 * bytes back); anything else is emulated with the target model, which needs
 * `responses.compaction.secret`.
 */
export async function prepareCompactCall(
  call: GenerationRequestDraft,
  key: GatewayKey,
  state: ResponsesState,
): Promise<void> {
  const prepared = await prepareConversation(call.json, openAiResponsesCompactRequestToIr, {
    store: state.store,
    key: key.id,
    secret: state.secret,
  });
  restrictToResponsesTargets(call, prepared.openAiOnly);
  if (!prepared.rewritten && isResponsesTarget(call.route.targets[0])) {
    call.route = { ...call.route, targets: call.route.targets.filter(isResponsesTarget).map(compactTarget) };
    return;
  }
  if (state.secret === undefined) {
    throw invalidRequest(
      `Compaction for model '${call.model}' is emulated by the gateway (its upstream does not take this request as an OpenAI Responses compaction), and that needs a secret to seal the compaction item: set responses.compaction.secret in the gateway config`,
    );
  }
  emulate(call, prepared, { secret: state.secret, keyId: key.id });
}
