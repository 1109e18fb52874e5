import type { IrResponse } from '@interlingua/ir';
import type { GenerationContext } from '../context/generation-call.js';
import { answerHeaders } from '../commit/commit-stream.js';
import { sealAnswerFor } from '../reasoning/reasoning-call.js';
import type { CarrierSealing } from '../reasoning/seal-answer.js';

/**
 * Encodes a complete IR answer in the caller's style and sends it, foreign reasoning sealed for
 * the caller when `sealing` is given (`onIrResponse` sees the answer as the upstream gave it).
 */
export async function sendTranslatedResponse(
  call: GenerationContext,
  response: IrResponse,
  sealing?: CarrierSealing,
): Promise<void> {
  await call.onIrResponse?.(response);
  const encoded = call.inbound.codec.response.fromIr(sealAnswerFor(response, sealing));
  call.outcome.warnings.push(...encoded.warnings);
  if (response.usage) call.outcome.usage = response.usage;
  call.outcome.responseModel = response.model;
  call.outcome.finishReasons = response.choices.map((choice) => choice.finishReason.raw ?? choice.finishReason.unified);
  const body = JSON.stringify(encoded.value);
  if (call.ops?.logBodies) call.outcome.responseBody = body;
  call.sink.send(200, 'application/json', body, answerHeaders(call));
}
