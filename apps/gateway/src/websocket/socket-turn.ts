import { codecFor } from '@interlingua/provider-adapters';
import { admitContext } from '../admit/admission.js';
import { contextForSink } from '../admit/request-key.js';
import type { RequestHead } from '../http/request-head.js';
import type { Gateway } from '../gateway.js';
import type { GenerationRunner } from '../route/generation-route.js';
import { SocketSink, type SendEvent } from './socket-sink.js';
import { answerWarmUp } from './warm-up.js';
import { OPENAI_RESPONSES } from '../http/request-styles.js';

const PATH = '/v1/responses';

/** One response to run for a socket, and where its events go. */
export interface ResponseRun {
  /** The body of `POST /v1/responses` (`stream: true`). */
  body: Record<string, unknown>;
  /** The caller's key, as presented on the upgrade request. */
  apiKey: string;
  /** Aborted when the client closes the socket: the upstream request is abandoned. */
  signal: AbortSignal;
  /** Sends one server event (JSON text) to the client; a promise when the client must be waited for. */
  emit: SendEvent;
  /** `generate: false`: admitted like a turn, then answered without generating (`answerWarmUp`). */
  warmup?: boolean;
}

/** How a run ended: the event that ended it (`response.completed`, `error`, ...), if any came. */
export type RunEnd = Record<string, unknown> | undefined;

export type ResponseRunner = (run: ResponseRun) => Promise<RunEnd>;

/** The gateway serving now and its `POST /v1/responses` run (config reloads replace both). */
export interface TurnServing {
  gateway: Gateway;
  createResponse: GenerationRunner;
}

/**
 * Runs each response in process on the path of `POST /v1/responses`: admission (key, endpoint,
 * RPM, TPM, budgets, one observed request per response: log line, metrics, usage, ledger row,
 * trace), the response store, routing and translation to any upstream, with a `SocketSink` in
 * place of the HTTP response. The request stands for what the socket's client would send over
 * HTTP: its key as a bearer token and the JSON body. A `generate: false` warm-up is admitted and
 * observed the same way (RPM, budgets, a disabled key refused, its own log line), then answered
 * without generating. Closing the socket aborts the response and its upstream request.
 */
export function generationRunner(current: () => TurnServing): ResponseRunner {
  const codec = (): ReturnType<typeof codecFor> => codecFor(OPENAI_RESPONSES);
  return async ({ body, apiKey, signal, emit, warmup }) => {
    if (signal.aborted) return undefined;
    const { gateway, createResponse } = current();
    const sink = new SocketSink(emit);
    const context = contextForSink(PATH, sink);
    const leave = (): void => {
      sink.leave();
      context.abort();
    };
    signal.addEventListener('abort', leave, { once: true });
    const request: RequestHead = {
      method: 'POST',
      url: PATH,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    };
    try {
      if (await admitContext(gateway, context, request, 'responses', codec)) {
        if (warmup) answerWarmUp(sink, body);
        else await createResponse(request, Buffer.from(JSON.stringify(body)), context);
      }
    } finally {
      signal.removeEventListener('abort', leave);
      sink.end();
    }
    return signal.aborted ? undefined : sink.terminal;
  };
}
