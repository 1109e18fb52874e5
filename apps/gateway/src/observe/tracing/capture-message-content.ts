import type { GenerationRequestDraft, GenerationRun } from '../../context/generation-call.js';
import type { RequestTrace } from './request-tracer.js';

/**
 * Has the request's span record the call's messages (the operator opted in): the request as the
 * gateway read it into the IR, and the answer once complete (a stream's, gathered from the events
 * sent). Contents are read from the IR only, so that they are the same whatever the caller's
 * style: such a call never takes the same-style relay, which does not decode what it passes on.
 */
export function captureMessageContent(
  request: Pick<GenerationRequestDraft, 'forceTranslation' | 'preparedIr' | 'hooks'>,
  run: Pick<GenerationRun, 'decoded'>,
  trace: RequestTrace,
): void {
  request.forceTranslation = true;
  const recordAnswer = trace.followContent(() => run.decoded?.ir ?? request.preparedIr?.ir);
  const { hooks } = request;
  const next = hooks.onIrResponse;
  hooks.onIrResponse = next
    ? (response) => {
        recordAnswer(response);
        return next(response);
      }
    : recordAnswer;
}
