import { invalidRequest, type IrResponse } from '@interlingua/ir';
import { OPENAI_RESPONSES_STYLE, type OpenAiResponsesPassthroughItem } from '@interlingua/openai-responses';
import type { GatewayKey } from '../auth/api-keys.js';
import type { GenerationRequestDraft } from '../context/generation-call.js';
import { sealCompaction, type CompactionSealKey } from './compaction-seal.js';
import { compactionStream } from './compaction-stream.js';
import { compactionSummaryRequest } from './compaction-transcript.js';
import { findCompactionTrigger, withoutCompactionTrigger } from './compaction-trigger.js';
import type { AnswerHead, AnswerShape } from './responses-call-codec.js';
import { isResponsesTarget, type ResponsesState } from './responses-targets.js';
import { answerText, noSummary } from './responses-compaction.js';
import type { PreparedConversation } from './responses-conversation.js';

/**
 * The answer of an emulated compaction turn: the target model's summary of the conversation,
 * sealed for the calling key in one `compaction` output item (the same item
 * `/v1/responses/compact` makes, opened again when it comes back in a later request's input).
 */
function compactionShape(call: GenerationRequestDraft, seal: CompactionSealKey, head: AnswerHead): AnswerShape {
  const id = `cmp_${head.id.replace(/^resp_/, '')}`;
  // One seal per summary: the streamed item and the stored response object carry the same blob.
  let sealed: { summary: string; item: Record<string, unknown> } | undefined;
  const itemFor = (summary: string): Record<string, unknown> => {
    if (sealed?.summary !== summary) {
      sealed = {
        summary,
        item: {
          id,
          type: 'compaction',
          encrypted_content: sealCompaction({ summary, model: call.model, created: head.created }, seal),
        },
      };
    }
    return sealed.item;
  };
  return {
    response: (ir: IrResponse): IrResponse => {
      const summary = answerText(ir);
      if (summary === '') throw noSummary();
      const choice = ir.choices[0];
      const ext = ir.extensions?.[OPENAI_RESPONSES_STYLE] ?? {};
      return {
        ...ir,
        choices: [{ index: 0, content: [], finishReason: { unified: 'stop', raw: choice?.finishReason.raw ?? null } }],
        extensions: {
          ...ir.extensions,
          [OPENAI_RESPONSES_STYLE]: { ...ext, outputItems: [{ index: 0, item: itemFor(summary) }] },
        },
      };
    },
    stream: (encoder) => compactionStream(encoder, itemFor, noSummary().data),
  };
}

function emulate(
  call: GenerationRequestDraft,
  prepared: PreparedConversation,
  trigger: OpenAiResponsesPassthroughItem,
): void {
  call.preparedIr = {
    ir: compactionSummaryRequest(withoutCompactionTrigger(prepared.ir, trigger), call.stream),
    warnings: prepared.warnings,
  };
  call.forceTranslation = true;
}

/**
 * Codex's remote compaction: a `/v1/responses` request whose last input item is
 * `{"type":"compaction_trigger"}` asks for one `compaction` output item in place of an answer.
 * An OpenAI Responses upstream does that itself (the request goes there as it is, to OpenAI
 * Responses targets only); for any other the gateway emulates it: the target model summarises
 * the conversation (streamed when the caller streams) and the answer is one sealed `compaction`
 * item. Returns the shape of that answer, or undefined when there is no trigger or it passes
 * through.
 */
export function prepareCompactionTurn(
  call: GenerationRequestDraft,
  prepared: PreparedConversation,
  key: GatewayKey,
  state: ResponsesState,
  head: AnswerHead,
): AnswerShape | undefined {
  const trigger = findCompactionTrigger(prepared.ir);
  if (!trigger) return undefined;
  if (isResponsesTarget(call.route.targets[0])) {
    call.route = { ...call.route, targets: call.route.targets.filter(isResponsesTarget) };
    return undefined;
  }
  if (state.secret === undefined) {
    throw invalidRequest(
      `Compaction for model '${call.model}' is emulated by the gateway (its upstream does not take the compaction_trigger item), and that needs a secret to seal the compaction item: set responses.compaction.secret in the gateway config`,
      'input',
    );
  }
  emulate(call, prepared, trigger);
  return compactionShape(call, { secret: state.secret, keyId: key.id }, head);
}
