import { estimateCallInputTokens } from './input-token-estimate.js';
import type { GenerationContext } from '../context/generation-call.js';
import { streamedTextChars } from './streamed-text.js';

/**
 * Prepares a streamed call for a caller who may leave before the upstream reports usage: counts
 * the model-written text every write delivers, and offers the local estimate of the input tokens
 * (decoded only if it is ever asked for).
 */
export function trackStreamedText(call: GenerationContext): void {
  const wire = call.inbound.wire;
  const outcome = call.outcome;
  outcome.streamedTextChars = 0;
  call.sink.onWrite = (chunk) => {
    outcome.streamedTextChars = (outcome.streamedTextChars ?? 0) + streamedTextChars(chunk, wire);
  };
  outcome.estimateInputTokens = () => estimateCallInputTokens(call);
}
