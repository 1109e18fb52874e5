import type { IrResponse } from '@interlingua/ir';
import type { GenerationRequest, GenerationRun } from '../context/generation-call.js';
import { answerHeaders } from '../commit/commit-stream.js';
import { sealAnswerFor } from '../reasoning/reasoning-call.js';
import type { CarrierSealing } from '../reasoning/seal-answer.js';

/**
 * Encodes a complete IR answer in the caller's style and sends it, foreign reasoning sealed for
 * the caller when `sealing` is given (`onIrResponse` sees the answer as the upstream gave it).
 */
export async function sendTranslatedResponse(
  { inbound, hooks, ops }: Pick<GenerationRequest, 'inbound' | 'hooks' | 'ops'>,
  { outcome, sink, control }: Pick<GenerationRun, 'outcome' | 'sink' | 'control'>,
  response: IrResponse,
  sealing?: CarrierSealing,
): Promise<void> {
  await hooks.onIrResponse?.(response);
  const encoded = inbound.codec.response.fromIr(sealAnswerFor(response, sealing));
  outcome.warnings.push(...encoded.warnings);
  if (response.usage) outcome.usage = response.usage;
  outcome.responseModel = response.model;
  outcome.finishReasons = response.choices.map((choice) => choice.finishReason.raw ?? choice.finishReason.unified);
  const body = JSON.stringify(encoded.value);
  if (ops?.logBodies) outcome.responseBody = body;
  sink.send(200, 'application/json', body, answerHeaders(outcome, control, ops));
}
