import type { IrRequest, IrResponse, Result } from '@interlingua/ir';
import { openAiResponsesEchoFromRequest } from '@interlingua/openai-responses';
import type { GatewayKey } from '../auth/api-keys.js';
import type { CallOutcome, GenerationRequestDraft } from '../context/generation-call.js';
import { decodeRequestBody } from '../call/ir-request-for-target.js';
import { responsesCallCodec, type ResponsesCallCodec } from './responses-call-codec.js';
import { openAiStateReasons, prepareConversation, type PreparedConversation } from './responses-conversation.js';
import { isResponsesTarget, restrictToResponsesTargets, type ResponsesState } from './responses-targets.js';
import { inputItemsWithIds } from './response-input-items.js';
import { refuseToolOutputsWithoutCalls } from './tool-output-calls.js';
import { prepareCompactionTurn } from './responses-compaction-turn.js';
import { answerText, noSummary } from './responses-compaction.js';
import { isGatewayResponseId, newGatewayResponseId } from './response-store.js';
import type { UpstreamResponseOwners } from './upstream-response-owners.js';
import { OPENAI_RESPONSES } from '../http/request-styles.js';
import { errorText } from '../http/style-errors.js';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The request in IR: an agent's turn read by the codec's fast reader, any other through the schema. */
function decoder(call: GenerationRequestDraft): (json: Record<string, unknown>) => Result<IrRequest> {
  return (json) => decodeRequestBody(call.inbound.codec, json);
}

/**
 * Decodes the request up front (expanding the gateway's stored conversation and compaction
 * items) when it names gateway state or is likely to go through the IR anyway; the fast path
 * to an OpenAI Responses upstream otherwise stays free of the work.
 */
async function prepareIr(
  call: GenerationRequestDraft,
  key: GatewayKey,
  state: ResponsesState,
): Promise<PreparedConversation | undefined> {
  const previous = call.json.previous_response_id;
  const needed =
    (typeof previous === 'string' && isGatewayResponseId(previous)) ||
    call.rawBody.includes('compaction') ||
    !isResponsesTarget(call.route.targets[0]);
  if (!needed) {
    restrictToResponsesTargets(call, openAiStateReasons(call.json));
    return undefined;
  }
  const prepared = await prepareConversation(call.json, decoder(call), {
    store: state.store,
    key: key.id,
    secret: state.secret,
    previousSecrets: state.previousSecrets,
  });
  restrictToResponsesTargets(call, prepared.openAiOnly);
  // With no OpenAI-held state and no compaction summary the gateway sees the whole conversation.
  if (prepared.openAiOnly.length === 0 && !call.rawBody.includes('compaction'))
    refuseToolOutputsWithoutCalls(prepared.ir);
  call.preparedIr = { ir: prepared.ir, warnings: prepared.warnings };
  if (prepared.rewritten) call.forceTranslation = true;
  return prepared;
}

/**
 * The `prepare` hook of `POST /v1/responses`: expands gateway state, keeps OpenAI-minted state
 * on OpenAI Responses targets, makes answers carry the gateway's id and the echoed request
 * fields, and stores answers that went through the IR unless the caller sent `store: false`
 * (what it cannot keep is a warning of the call's `outcome`).
 */
export async function prepareResponsesCall(
  call: GenerationRequestDraft,
  key: GatewayKey,
  state: ResponsesState,
  outcome: CallOutcome,
): Promise<void> {
  const prepared = await prepareIr(call, key, state);
  const head = { id: newGatewayResponseId(), created: nowSeconds() };
  const compaction = prepared ? prepareCompactionTurn(call, prepared, key, state, head) : undefined;
  const echo = () => ({ ...openAiResponsesEchoFromRequest(call.json), store: call.json.store !== false });
  const callCodec = responsesCallCodec(call.inbound.codec, echo, head, call.model, compaction);
  call.inbound = { ...call.inbound, codec: callCodec.codec };
  if (call.json.store === false) return;
  call.hooks.onPassedThrough = (id) => rememberOwner(outcome, key, state.owners, id);
  // Answers that go through the IR are stored by the gateway: refuse at once what it cannot keep.
  if (prepared) await state.store.admit(key.id, call.rawBody.length);
  call.hooks.onIrResponse = (response) => {
    // A compaction turn without a summary fails (a streamed one in-band): nothing to store.
    if (compaction && answerText(response) === '') {
      if (call.stream) return;
      throw noSummary();
    }
    return storeAnswer(call, outcome, key, state, { head, prepared, callCodec, response });
  };
}

interface AnswerToStore {
  head: { id: string; created: number };
  prepared: PreparedConversation | undefined;
  callCodec: ResponsesCallCodec;
  response: IrResponse;
}

async function storeAnswer(
  call: GenerationRequestDraft,
  outcome: CallOutcome,
  key: GatewayKey,
  state: ResponsesState,
  answer: AnswerToStore,
): Promise<void> {
  const { head, prepared, callCodec, response } = answer;
  const ir = prepared?.ir ?? decoder(call)(call.json).value;
  const inputStart = prepared?.inputStart ?? (ir.extensions?.[OPENAI_RESPONSES]?.instructions === true ? 1 : 0);
  const previousResponseId = prepared?.previous?.at(-1)?.id;
  const entry = {
    id: head.id,
    key: key.id,
    created: head.created,
    ...(previousResponseId ? { previousResponseId } : {}),
    inputItems: inputItemsWithIds(call.json.input, head.id),
    inputMessages: ir.messages.slice(inputStart),
    output: response.choices[0]?.content ?? [],
    response: callCodec.responseObject(response, call.stream),
  };
  let problem: string | undefined;
  try {
    problem = await state.store.save(entry);
  } catch (error) {
    problem = `the store failed (${errorText(error)})`;
  }
  // The answer itself is good: a failure to keep it is reported, not turned into a failed answer.
  if (problem) outcome.warn([{ kind: 'dropped', field: 'store', message: `${problem}; the response was not stored` }]);
}

/** An answer an OpenAI Responses upstream stored (passed through as is): its id is remembered with the provider that holds it. */
function rememberOwner(
  outcome: CallOutcome,
  key: GatewayKey,
  owners: UpstreamResponseOwners,
  id: string,
): Promise<void> | undefined {
  const target = outcome.target;
  if (!target || isGatewayResponseId(id)) return undefined;
  return owners.remember(key.id, id, { provider: target.settings.id, model: target.upstreamModel });
}
