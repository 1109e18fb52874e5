import type { IrResponse } from '@interlingua/ir';
import type { GenerationRequest, GenerationRun } from '../context/generation-call.js';
import { answerHeaders } from '../commit/commit-stream.js';
import { sealAnswerFor } from '../reasoning/reasoning-call.js';
import type { CarrierSealing } from '../reasoning/seal-answer.js';
import { callCost } from '../accounting/call-cost.js';
import { costRequested } from './cost-in-answer.js';
import { isRecord } from '@interlingua/ir-utils';

/**
 * Encodes a complete IR answer in the caller's style and sends it, foreign reasoning sealed for
 * the caller when `sealing` is given (`onIrResponse` sees the answer as the upstream gave it).
 */
export async function sendTranslatedResponse(
  request: Pick<GenerationRequest, 'inbound' | 'hooks' | 'ops' | 'json' | 'headers'>,
  { outcome, sink, control }: Pick<GenerationRun, 'outcome' | 'sink' | 'control'>,
  response: IrResponse,
  sealing?: CarrierSealing,
): Promise<void> {
  const { inbound, hooks, ops } = request;
  await hooks.onIrResponse?.(response);
  const encoded = inbound.codec.response.fromIr(sealAnswerFor(response, sealing));
  outcome.warn(encoded.warnings);
  if (response.usage) outcome.used(response.usage);
  outcome.answered({
    model: response.model,
    finishReasons: response.choices.map((choice) => choice.finishReason.raw ?? choice.finishReason.unified),
  });
  const headers = answerHeaders(outcome, control, ops);
  const cost = costRequested(request) ? callCost(ops ? { outcome, ops } : { outcome }) : null;
  const usage = (encoded.value as { usage?: unknown }).usage;
  if (cost !== null && isRecord(usage)) usage.cost = cost;
  const body = JSON.stringify(encoded.value);
  if (ops?.logBodies) outcome.answered({ body });
  sink.send(200, 'application/json', body, headers);
}
