import type { GenerationStyle } from '@interlingua/provider-adapters';
import type { CallOutcome } from '../context/generation-call.js';
import type { AnswerSink } from '../http/response-sink.js';
import { StreamedTextCount } from './streamed-text.js';

/**
 * Prepares a streamed call for a caller who may leave before the upstream reports usage: keeps
 * what every write to `sink` delivers for the count of model-written text (in the caller's
 * style, `wire`), and offers the local estimate of the input tokens (`estimateInputTokens`,
 * decoded only if it is ever asked for). The text is counted only when
 * `outcome.countStreamedText()` is called (for a caller who left): a stream that ends normally
 * costs no count.
 */
export function trackStreamedText(
  wire: GenerationStyle,
  sink: AnswerSink,
  outcome: CallOutcome,
  estimateInputTokens: () => number,
): void {
  const text = new StreamedTextCount(wire);
  sink.onWrite = (chunk) => text.add(chunk);
  outcome.countsStream(() => text.chars(), estimateInputTokens);
}
