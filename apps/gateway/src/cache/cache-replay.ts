import type { IrStreamEvent } from '@interlingua/ir';
import { createResponseAccumulator } from '@interlingua/ir-utils';
import type { GenerationRequest } from '../context/generation-call.js';
import type { RouteTarget } from '../context/route-target.js';
import { IrStreamWriter, type WrittenRequest, type WrittenRun } from '../call/ir-stream-writer.js';
import { sendTranslatedResponse } from '../call/ir-stream-writer.js';
import { sealingFor, streamSealerFor } from '../reasoning/reasoning-call.js';
import type { CachedAnswer } from './answer-store.js';

/** What a replay reads of the request. */
export type ReplayedRequest = WrittenRequest & Pick<GenerationRequest, 'stream' | 'reasoning'>;

/**
 * Answers from a cached answer in the caller's style: streamed as its events or whole, with the
 * usage the answer reported, foreign reasoning sealed for the caller as on a miss. Each replay
 * is a new answer: its id is left for the caller's encoder to mint in the caller's style
 * (`chatcmpl-…`, `resp_…`, `msg_…`), never the stored answer's again. The call costs nothing
 * (`cost` 0); what it would have cost is `costSaved`.
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
  const events = answer.events.map(withoutAnswerId);
  if (request.stream) {
    const writer = new IrStreamWriter(request, run, streamSealerFor(sealing));
    await writer.push(events);
    await writer.finish();
    return;
  }
  const accumulator = createResponseAccumulator();
  for (const event of events) accumulator.push(event);
  await sendTranslatedResponse(request, run, accumulator.result(), sealing);
}

/** The stored answer's events with its id taken out, so the encoder gives the replay one of its own. */
function withoutAnswerId(event: IrStreamEvent): IrStreamEvent {
  return event.type === 'response-start' ? { ...event, id: '' } : event;
}
