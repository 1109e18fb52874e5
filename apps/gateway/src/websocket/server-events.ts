import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import type { MessageProblem } from './client-message.js';

/** The events that end a response on the socket. */
const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed', 'error']);

/**
 * An `error` event in the style of the Responses WebSocket mode: the HTTP status the same
 * request would have had, the error object of the HTTP answer, and the headers a client acts on
 * (`retry-after`). `code`, `message` and `param` are repeated at the top level, where the SSE
 * `error` event has them.
 */
export function errorEvent(
  status: number,
  error: Omit<MessageProblem, 'status'>,
  headers: Record<string, string> = {},
): string {
  return JSON.stringify({
    type: 'error',
    status,
    error,
    code: error.code,
    message: error.message,
    param: error.param,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  });
}

/** The error event for an HTTP error answer (its JSON body in the OpenAI error shape). */
export function errorEventFromHttp(status: number, body: string, retryAfter: string | null): string {
  const parsed = safeJsonParse(body);
  const error = asRecord(asRecord(parsed.ok ? parsed.value : undefined)?.error);
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return errorEvent(
    status,
    {
      type: (text(error?.type) ?? 'server_error') as MessageProblem['type'],
      code: text(error?.code) ?? String(status),
      message: text(error?.message) ?? `The gateway answered HTTP ${status}`,
      param: text(error?.param),
    },
    retryAfter ? { 'retry-after': retryAfter } : {},
  );
}

/** A server event's type and, for the events that end a response, the event itself. */
export interface SeenEvent {
  type: string | undefined;
  /** The parsed event when it ends the response (its `response` names the id and the output). */
  terminal?: Record<string, unknown>;
}

/**
 * Looks at one event of the stream without parsing every delta: the SSE `event:` name says the
 * type when present; only events that end the response are parsed.
 */
export function seeEvent(name: string | undefined, data: string): SeenEvent {
  if (name !== undefined && !TERMINAL.has(name)) return { type: name };
  const parsed = safeJsonParse(data);
  const event = asRecord(parsed.ok ? parsed.value : undefined);
  const type = typeof event?.type === 'string' ? event.type : name;
  return type !== undefined && TERMINAL.has(type) && event ? { type, terminal: event } : { type };
}

/** The field of the response object that names, for a WebSocket caller, what HTTP names in `x-interlingua-warnings`. */
export const WARNINGS_FIELD = 'interlingua_warnings';

/**
 * The event with the route's warnings added to its response object (`response.created` and the
 * event that ends the response), when it has one; otherwise the event as it was.
 */
export function withWarnings(data: string, warnings: string): string {
  const parsed = safeJsonParse(data);
  const event = asRecord(parsed.ok ? parsed.value : undefined);
  const response = asRecord(event?.response);
  if (!event || !response) return data;
  return JSON.stringify({ ...event, response: { ...response, [WARNINGS_FIELD]: warnings } });
}
