import type { GenerationRequestDraft, RequestWay } from '../context/generation-call.js';
import { bodyMayHoldCarrier } from '../reasoning/reasoning-carrier.js';

/**
 * What the way of a prepared request depends on, decided once before its first attempt: nothing
 * here changes from one target to the next (the body is scanned once per call).
 */
export function requestWay(
  request: Pick<GenerationRequestDraft, 'rawBody' | 'stream' | 'framer' | 'forceTranslation'>,
): RequestWay {
  const upstreamFraming = !request.stream || request.framer.contentType === 'text/event-stream';
  const opensCarriers = bodyMayHoldCarrier(request.rawBody);
  return {
    opensCarriers,
    relayable: upstreamFraming && !request.forceTranslation && !opensCarriers,
    callerMarksCache: request.rawBody.includes('"cache_control"'),
  };
}
