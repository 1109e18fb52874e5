import { isRecord } from '@interlingua/ir-utils';
import type { AnswerAsks, GenerationRequestDraft, RequestWay } from '../context/generation-call.js';
import { OPENAI_CHAT } from '../http/request-styles.js';
import { bodyMayHoldCarrier } from '../reasoning/reasoning-carrier.js';

/** The gateway's request header that asks for the cost in the answer's usage. */
const INCLUDE_COST_HEADER = 'x-interlingua-include-cost';

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

/**
 * What the caller asked of the answer, read once from the prepared request: usage at the end of
 * the stream, and (a chat caller only: its `usage` object takes an extra member, the official SDK
 * ignores it) the call's cost, by OpenRouter's `"usage": {"include": true}` or by the header.
 */
export function answerAsks(request: Pick<GenerationRequestDraft, 'inbound' | 'json' | 'headers'>): AnswerAsks {
  const { json } = request;
  const options = json.stream_options;
  const usageInStream = isRecord(options) && options.include_usage === true;
  if (request.inbound.wire !== OPENAI_CHAT) return { usageInStream, costInAnswer: false, optInInBody: false };
  const optInInBody = isRecord(json.usage) && json.usage.include === true;
  const header = request.headers[INCLUDE_COST_HEADER];
  const byHeader = typeof header === 'string' && header.trim().toLowerCase() === 'true';
  return { usageInStream, costInAnswer: optInInBody || byHeader, optInInBody };
}
