import { errorStatus, ok, type IrRequest, type IrResponse, type StyleCodec } from '@interlingua/ir';
import { CallOutcome, type GenerationRequest, type GenerationRun } from '../context/generation-call.js';
import { asIrError, upstreamError, gatewayError } from '../http/style-errors.js';
import { runGeneration } from '../plan/run-generation.js';
import { RequestStop } from '../context/request-stop.js';
import { InnerSink } from './inner-sink.js';
import type { LoopStream } from './loop-stream.js';
import { LoopDeadlineReached } from './loop-types.js';

/** One model call of the loop: the complete answer, and what happened (target, path, usage, warnings). */
export interface InnerCall {
  response: IrResponse;
  outcome: CallOutcome;
}

/** The answer is over already: a streamed error went to the caller in-band, or the caller left. */
export class LoopStreamEnded extends Error {
  constructor() {
    super('The loop answer ended with an in-band error');
  }
}

/**
 * Runs one model call of the loop through the normal call machinery (`runGeneration`: targets,
 * retries, fallbacks, deadlines, reasoning carriers, spans): the request is the loop's IR, never
 * relayed as sent; the answer is kept whole for the loop. When the caller streams, the call's
 * events go on through `stream` (which holds back the MCP tool calls); otherwise nothing of it
 * reaches the caller.
 */
export async function innerModelCall(
  request: GenerationRequest,
  run: Pick<GenerationRun, 'signal' | 'abort' | 'outcome'>,
  ir: IrRequest,
  stream: { loop: LoopStream; mcpTools: ReadonlySet<string>; caller: GenerationRun['sink'] } | undefined,
  onOutcome: (outcome: CallOutcome, status: number) => void,
  deadline?: number,
): Promise<InnerCall> {
  const outcome = new CallOutcome();
  const bounded = deadline === undefined ? undefined : boundedStop(run.signal, deadline);
  const signal = bounded?.signal ?? run.signal;
  if (run.outcome.trace) outcome.traced(run.outcome.trace);
  let response: IrResponse | undefined;
  const codec = innerCodec(request.inbound.codec, stream && (() => stream.loop.machine(stream.mcpTools)));
  const inner: GenerationRequest = {
    ...request,
    inbound: { wire: request.inbound.wire, codec },
    framer: { ...request.framer, open: () => '', close: () => '' },
    preparedIr: { ir, warnings: [] },
    forceTranslation: true,
    way: { ...request.way, relayable: false },
    hooks: {
      ...request.hooks,
      onIrResponse: (answer) => {
        response = answer;
      },
    },
  };
  const sink = stream
    ? new InnerSink(
        stream.caller,
        () => stream.loop.commit(),
        () => stream.loop.failed,
      )
    : new InnerSink(undefined);
  try {
    await runGeneration(inner, { outcome, sink, signal, abort: (reason) => run.abort(reason) });
    if (stream?.loop.failed || run.signal.callerLeft()) throw new LoopStreamEnded();
    const stopped = signal.stopReason();
    if (stopped) throw stopped;
    if (!response) throw upstreamError('The upstream model gave no answer');
  } catch (error) {
    onOutcome(outcome, error instanceof LoopStreamEnded ? 499 : errorStatus(asIrError(error).data));
    if (!run.signal.aborted && bounded?.reached()) throw new LoopDeadlineReached();
    throw error;
  } finally {
    bounded?.dispose();
  }
  onOutcome(outcome, 200);
  return { response, outcome };
}

/**
 * The caller's style with the answer kept by the loop: a whole answer is not encoded (the loop
 * encodes the final one), a streamed one goes through the loop's machine.
 */
function innerCodec(
  codec: StyleCodec<unknown, unknown>,
  machine: (() => ReturnType<StyleCodec['stream']['createEncoder']>) | undefined,
): StyleCodec<unknown, unknown> {
  return {
    ...codec,
    response: { ...codec.response, fromIr: () => ok({}) },
    stream: machine ? { ...codec.stream, createEncoder: machine } : codec.stream,
  };
}

/**
 * The request's stop with the loop's deadline: aborted with the request, or with a gateway
 * timeout once the loop's time is up (the call then ends as the loop's time bound, not as an error).
 */
function boundedStop(
  outer: RequestStop,
  deadline: number,
): { signal: RequestStop; reached(): boolean; dispose(): void } {
  const signal = new RequestStop();
  const follow = (): void => signal.abort(outer.reason);
  if (outer.aborted) follow();
  else outer.addEventListener('abort', follow);
  let reached = false;
  const timer = setTimeout(
    () => {
      reached = true;
      signal.abort(gatewayError('timeout', 'The MCP tool loop ran out of time'));
    },
    Math.max(0, deadline - Date.now()),
  );
  return {
    signal,
    reached: () => reached,
    dispose: () => {
      clearTimeout(timer);
      outer.removeEventListener('abort', follow);
    },
  };
}
