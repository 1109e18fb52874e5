import { callCost, type PricedCall } from '../observe/call-cost.js';
import { formatCost } from '../observe/price-table.js';
import type { GenerationContext } from '../context/generation-call.js';
import { outcomeHeaders } from './route-headers.js';

/**
 * The commit point of a streamed answer: status and headers, then the framing's opening bytes.
 * Every streamed path commits through here (and the early keep-alive), once.
 */
export function commitStream(call: GenerationContext): void {
  const { sink, framer } = call;
  if (sink.committed) return;
  sink.startStream(200, framer.contentType, outcomeHeaders(call.outcome));
  const opening = framer.open();
  if (opening) void sink.write(opening);
  noteFirstByte(call, true);
}

/** Records the time of the first byte (TTFB) and ends the deadlines that stop at the commit point. */
export function noteFirstByte(call: GenerationContext, streaming: boolean): void {
  call.outcome.firstByteAt ??= performance.now();
  call.control?.committed(streaming);
}

/**
 * Headers of a complete (non-streaming) answer: the route headers and, when the model has a
 * price, `x-interlingua-cost`. Streams cannot carry the cost reliably (no trailers), so only
 * non-streaming answers have it; the request log and `/admin/usage` have it for both.
 */
export function answerHeaders(call: GenerationContext): Record<string, string> {
  noteFirstByte(call, false);
  return completeAnswerHeaders(call);
}

/**
 * Headers of a complete answer of any call (generation or service): the route headers and
 * `x-interlingua-cost` when priced; records the time of the first byte (TTFB) if not yet set.
 */
export function completeAnswerHeaders(call: PricedCall): Record<string, string> {
  call.outcome.firstByteAt ??= performance.now();
  const headers = outcomeHeaders(call.outcome);
  const cost = callCost(call);
  if (cost !== null) headers['x-interlingua-cost'] = formatCost(cost);
  return headers;
}
