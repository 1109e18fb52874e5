import { IrError, type StyleCodec } from '@interlingua/ir';
import type { CallOutcome } from '../context/generation-call.js';
import type { AnswerSink } from '../http/response-sink.js';
import { asIrError, sendStyleError } from '../http/style-errors.js';
import { outcomeHeaders } from './commit-stream.js';

/** Where the gateway's own words about an upstream name it: the label goes right after. */
const UPSTREAM_PHRASE = /the upstream provider/i;

/**
 * Answers an error in the caller's style. Once the request reached routing (`outcome` is set) the
 * answer carries `x-interlingua-route` like any other, and a failure the gateway describes in
 * its own words (a connection refused, a timeout: no upstream answer) names the provider, the
 * upstream model and the attempts made. An error the provider answered keeps the provider's own
 * message (its body is already redacted); the header names who said it.
 */
export function sendRoutedError(
  sink: AnswerSink,
  codec: StyleCodec<unknown, unknown>,
  error: unknown,
  outcome: CallOutcome | undefined,
): void {
  const irError = asIrError(error);
  if (!outcome) return sendStyleError(sink, codec, irError);
  sendStyleError(sink, codec, withUpstreamNamed(irError, outcome), outcomeHeaders(outcome));
}

/**
 * `error` with its message naming the upstream it is about:
 * "Failed reaching the upstream provider ollama (model llama3, 1 attempt): ECONNREFUSED".
 * Errors the gateway raised itself, or that carry the provider's own answer, are returned as they are.
 */
export function withUpstreamNamed(error: IrError, outcome: CallOutcome): IrError {
  const { data } = error;
  const target = outcome.target;
  if (data.source !== 'upstream' || data.raw !== undefined || !target) return error;
  const attempts = `${outcome.attempts} attempt${outcome.attempts === 1 ? '' : 's'}`;
  const label = `${target.settings.id} (model ${target.upstreamModel}, ${attempts})`;
  const message = UPSTREAM_PHRASE.test(data.message)
    ? data.message.replace(UPSTREAM_PHRASE, (phrase) => `${phrase} ${label}`)
    : `${data.message} (upstream provider ${label})`;
  return new IrError({ ...data, message });
}
