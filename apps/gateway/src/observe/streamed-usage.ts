import { estimateCallInputTokens } from './input-token-estimate.js';
import type { GenerationContext } from '../context/generation-call.js';
import { StreamedTextCount } from './streamed-text.js';

/**
 * Prepares a streamed call for a caller who may leave before the upstream reports usage: keeps
 * what every write delivers for the count of model-written text, and offers the local estimate
 * of the input tokens (decoded only if it is ever asked for). The text is counted only when
 * `outcome.countStreamedText()` is called (for a caller who left): a stream that ends normally
 * costs no count.
 */
export function trackStreamedText(call: GenerationContext): void {
  const outcome = call.outcome;
  const text = new StreamedTextCount(call.inbound.wire);
  call.sink.onWrite = (chunk) => text.add(chunk);
  outcome.countStreamedText = () => text.chars();
  outcome.estimateInputTokens = () => estimateCallInputTokens(call);
}
