import type { StyleCodec } from '@interlingua/ir';
import type { ProviderSettings } from '@interlingua/provider-adapters';
import { eventMessages } from './sse-event-boundaries.js';
import { redactCredentials } from './upstream-error-redaction.js';

/** Every style's in-band error holds this word (`"error"`, `event: error`); other events are not read. */
const ERROR_WORD = Buffer.from('error');

/**
 * The error events of a relayed buffer, found with one search for the word per event that may hold it: `reset` with
 * each buffer, then `redact` each event in order.
 */
export class InBandErrors {
  /** Where the word `error` next appears in the buffer being relayed (-1: nowhere). */
  private errorAt = -1;

  reset(buffer: Buffer): void {
    this.errorAt = buffer.indexOf(ERROR_WORD);
  }

  /** The event redacted when it is an error with something to hide; undefined otherwise. */
  redact(
    buffer: Buffer,
    start: number,
    end: number,
    codec: StyleCodec<unknown, unknown>,
    settings: ProviderSettings | undefined,
  ): Buffer | undefined {
    if (this.errorAt !== -1 && this.errorAt < start) this.errorAt = buffer.indexOf(ERROR_WORD, start);
    if (this.errorAt === -1 || this.errorAt >= end) return undefined;
    return redactedErrorEvent(buffer.subarray(start, end), codec, settings);
  }
}

/**
 * A relayed SSE event that is an upstream error, with credentials redacted as the upstream's
 * error answers are (the provider's configured secrets, and credential shapes); undefined when
 * the event is no error or has nothing to hide, so that it passes as it came.
 */
export function redactedErrorEvent(
  event: Buffer,
  codec: StyleCodec<unknown, unknown>,
  settings: ProviderSettings | undefined,
): Buffer | undefined {
  const decoder = codec.stream.createDecoder();
  const isError = eventMessages(event).some((message) => decoder.push(message).some((e) => e.type === 'error'));
  if (!isError) return undefined;
  const text = event.toString('utf8');
  const redacted = redactCredentials(text, settings);
  return redacted === text ? undefined : Buffer.from(redacted);
}
