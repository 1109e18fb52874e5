import { callCost, type PricedCall } from '../accounting/call-cost.js';
import { formatCost } from '../accounting/price-table.js';
import type { IrWarning } from '@interlingua/ir';
import type { CallOps } from '../context/call-ops.js';
import type { CallOutcome, CommitListener } from '../context/generation-call.js';
import type { AnswerSink } from '../http/response-sink.js';
import type { StreamFramer } from '../http/stream-framer.js';

const MAX_HEADER_CHARS = 4000;

/**
 * The commit point of a streamed answer: status and headers (from the call's `outcome`), then
 * the framing's opening bytes; the call's `control` hears of it. Every streamed path commits
 * through here (and the early keep-alive), once.
 */
export function commitStream(
  sink: AnswerSink,
  framer: StreamFramer,
  outcome: CallOutcome,
  control: CommitListener | undefined,
): void {
  if (sink.committed) return;
  sink.startStream(200, framer.contentType, outcomeHeaders(outcome));
  const opening = framer.open();
  if (opening) void sink.write(opening);
  // The time of the first byte (TTFB); the deadlines that stop at the commit point end.
  outcome.firstByte();
  control?.committed(true);
}

/**
 * Headers of a complete (non-streaming) answer: the route headers and, when the model has a
 * price, `x-interlingua-cost`. Streams cannot carry the cost reliably (no trailers), so only
 * non-streaming answers have it; the request log and `/admin/usage` have it for both.
 */
export function answerHeaders(
  outcome: CallOutcome,
  control: CommitListener | undefined,
  ops: CallOps | undefined,
): Record<string, string> {
  outcome.firstByte();
  control?.committed(false);
  return completeAnswerHeaders({ outcome, ops });
}

/**
 * Headers of a complete answer of any call (generation or service): the route headers and
 * `x-interlingua-cost` when priced; records the time of the first byte (TTFB) if not yet set.
 */
export function completeAnswerHeaders(call: PricedCall): Record<string, string> {
  call.outcome.firstByte();
  const headers = outcomeHeaders(call.outcome);
  const cost = callCost(call);
  if (cost !== null) headers['x-interlingua-cost'] = formatCost(cost);
  return headers;
}

/** `x-interlingua-route`: provider, upstream model, attempts and translation path. */
function routeHeader(outcome: CallOutcome): string {
  const target = outcome.target;
  const parts = [
    `provider=${target?.settings.id ?? 'none'}`,
    `model=${target?.upstreamModel ?? 'none'}`,
    `attempts=${outcome.attempts}`,
    `path=${outcome.path ?? 'none'}`,
  ];
  return ascii(parts.join('; '));
}

/** `x-interlingua-warnings`: what could not be carried across, `kind field: message` joined by ` | `. */
function warningsHeader(warnings: readonly IrWarning[]): string | undefined {
  if (warnings.length === 0) return undefined;
  const text = ascii(warnings.map((w) => `${w.kind} ${w.field}: ${w.message}`).join(' | '));
  return text.length > MAX_HEADER_CHARS ? `${text.slice(0, MAX_HEADER_CHARS - 3)}...` : text;
}

function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}

/** Headers describing the route, to send at the commit point. */
export function outcomeHeaders(outcome: CallOutcome): Record<string, string> {
  const headers: Record<string, string> = { 'x-interlingua-route': routeHeader(outcome) };
  const warnings = warningsHeader(outcome.warnings);
  if (warnings) headers['x-interlingua-warnings'] = warnings;
  if (outcome.cache) headers['x-interlingua-cache'] = outcome.cache;
  return headers;
}
