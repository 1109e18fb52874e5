import type { GenerationRequestDraft, RequestWay } from '../context/generation-call.js';
import { bodyMayHoldCarrier } from '../reasoning/reasoning-carrier.js';

/**
 * What the way of a prepared request depends on, decided once before its first attempt: nothing
 * here changes from one target to the next. The body scans (carriers, the caller's cache marks)
 * run once, when a target of the caller's style first asks: a request whose targets all speak
 * another style goes through the IR and never pays for them.
 */
export function requestWay(
  request: Pick<GenerationRequestDraft, 'rawBody' | 'stream' | 'framer' | 'forceTranslation'>,
): RequestWay {
  const { rawBody } = request;
  const upstreamFraming = !request.stream || request.framer.contentType === 'text/event-stream';
  let opensCarriers: boolean | undefined;
  let callerMarksCache: boolean | undefined;
  return {
    get opensCarriers() {
      return (opensCarriers ??= bodyMayHoldCarrier(rawBody));
    },
    get relayable() {
      return upstreamFraming && !request.forceTranslation && !this.opensCarriers;
    },
    get callerMarksCache() {
      return (callerMarksCache ??= rawBody.includes('"cache_control"'));
    },
  };
}
