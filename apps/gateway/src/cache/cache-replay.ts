import { createResponseAccumulator } from '@interlingua/ir-utils';
import type { GenerationRequest } from '../context/generation-call.js';
import type { RouteTarget } from '../context/route-target.js';
import { IrStreamWriter, type WrittenRequest, type WrittenRun } from '../call/ir-stream-writer.js';
import { sendTranslatedResponse } from '../call/translated-response.js';
import { sealingFor, streamSealerFor } from '../reasoning/reasoning-call.js';
import type { CachedAnswer } from './answer-store.js';

/** What a replay reads of the request. */
export type ReplayedRequest = WrittenRequest & Pick<GenerationRequest, 'stream' | 'reasoning'>;

/**
 * Answers from a cached answer in the caller's style: streamed as its events or whole, with the
 * usage the answer reported, foreign reasoning sealed for the caller as on a miss. The call
 * costs nothing (`cost` 0); what it would have cost is `costSaved`.
 */
export async function replayAnswer(
  request: ReplayedRequest,
  run: WrittenRun,
  target: RouteTarget,
  answer: CachedAnswer,
): Promise<void> {
  const { outcome } = run;
  Object.assign(outcome, { target, attempts: 0, path: 'cache', cache: 'hit', cost: 0, costSaved: answer.cost });
  const adapter = target.adapter;
  const sealing =
    request.reasoning && adapter.kind !== 'local'
      ? sealingFor(request.reasoning, adapter.wire(target.settings, target.upstreamModel))
      : undefined;
  if (request.stream) {
    const writer = new IrStreamWriter(request, run, streamSealerFor(sealing));
    await writer.push(answer.events);
    await writer.finish();
    return;
  }
  const accumulator = createResponseAccumulator();
  for (const event of answer.events) accumulator.push(event);
  await sendTranslatedResponse(request, run, accumulator.result(), sealing);
}
