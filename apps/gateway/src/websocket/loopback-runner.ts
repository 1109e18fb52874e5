import { createSseParser } from '@interlingua/ir-utils';
import { Agent, request, type Dispatcher } from 'undici';
import { errorEventFromHttp, seeEvent } from './server-events.js';

/** One response to run for a socket, and where its events go. */
export interface ResponseRun {
  /** The body of `POST /v1/responses` (`stream: true`). */
  body: Record<string, unknown>;
  /** The caller's key, as presented on the upgrade request. */
  apiKey: string;
  /** Aborted when the client closes the socket: the upstream request is abandoned. */
  signal: AbortSignal;
  /** Sends one server event (JSON text) to the client; resolves when the client can take more. */
  emit(event: string): Promise<void>;
}

/** How a run ended: the event that ended it (`response.completed`, `error`, ...), if any came. */
export type RunEnd = Record<string, unknown> | undefined;

export type ResponseRunner = (run: ResponseRun) => Promise<RunEnd>;

/**
 * Runs each response as `POST /v1/responses` on the gateway's own listener (loopback), so that a
 * response over WebSocket takes exactly the HTTP path: admission (key, endpoint, RPM, TPM,
 * budgets), the response store, routing and translation to any upstream, usage, the ledger and
 * one log line per response. The streamed answer's events become the socket's events. Like the
 * HTTP server, the loopback client sets no timeout: a model may think for minutes before its
 * first event.
 */
export function loopbackRunner(baseUrl: string): ResponseRunner {
  const endpoint = `${baseUrl}/v1/responses`;
  const dispatcher = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  return async ({ body, apiKey, signal, emit }) => {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
        dispatcher,
      });
    } catch (error) {
      if (signal.aborted) return undefined;
      const failed = errorEventFromHttp(
        502,
        JSON.stringify({
          error: {
            type: 'server_error',
            code: 'gateway_unreachable',
            message: `The response could not be started: ${String(error)}`,
          },
        }),
        null,
      );
      await emit(failed);
      return JSON.parse(failed) as Record<string, unknown>;
    }
    const streamed =
      response.statusCode === 200 && headerText(response.headers['content-type']).includes('text/event-stream');
    if (!streamed) {
      const failed = errorEventFromHttp(
        response.statusCode < 400 ? 502 : response.statusCode,
        await response.body.text(),
        headerText(response.headers['retry-after']) || null,
      );
      await emit(failed);
      return JSON.parse(failed) as Record<string, unknown>;
    }
    return relayEvents(response.body, signal, emit);
  };
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

async function relayEvents(
  body: AsyncIterable<Buffer>,
  signal: AbortSignal,
  emit: (event: string) => Promise<void>,
): Promise<RunEnd> {
  const parser = createSseParser();
  let end: RunEnd;
  const forward = async (messages: ReturnType<typeof parser.push>): Promise<void> => {
    for (const message of messages) {
      if (message.data === '[DONE]' || message.data.length === 0) continue;
      const seen = seeEvent(message.event, message.data);
      if (seen.terminal) end = seen.terminal;
      await emit(message.data);
    }
  };
  try {
    for await (const chunk of body) await forward(parser.push(chunk));
    await forward(parser.end());
  } catch (error) {
    if (!signal.aborted) throw error;
  }
  return end;
}
