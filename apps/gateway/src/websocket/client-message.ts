import { asRecord, safeJsonParse } from '@interlingua/ir-utils';

/** A problem with one client message, answered with an `error` event (the connection stays open). */
export interface MessageProblem {
  status: number;
  type: 'invalid_request_error';
  code: string;
  message: string;
  param: string | null;
}

/** What one text frame from the client asks for. */
export type ClientMessage =
  /** A response to run: the body of `POST /v1/responses` (always streamed). */
  | { kind: 'create'; body: Record<string, unknown>; warmup: boolean }
  /** An acknowledgement some clients send after a response (`response.processed`): nothing to do. */
  | { kind: 'ignored' }
  | { kind: 'problem'; problem: MessageProblem };

/** Fields of `response.create` that describe the socket, not the response: never sent upstream. */
const TRANSPORT_FIELDS = ['type', 'stream', 'stream_options', 'generate', 'client_metadata'] as const;

export function messageProblem(
  code: string,
  message: string,
  param: string | null = null,
  status = 400,
): MessageProblem {
  return { status, type: 'invalid_request_error', code, message, param };
}

/**
 * Reads one client message of the Responses WebSocket mode: `{"type":"response.create", ...}`
 * with the fields of `POST /v1/responses` (`stream` is implied; `background` is refused;
 * `generate: false` warms up without generating). Binary frames, text that is not a JSON object
 * and unknown types are problems named for the client, never exceptions.
 */
export function readClientMessage(data: Buffer | string, isBinary: boolean, maxBytes: number): ClientMessage {
  const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  if (isBinary)
    return problem('unsupported_frame', 'Binary frames are not accepted: send each event as a JSON text frame');
  if (size > maxBytes) {
    return {
      kind: 'problem',
      problem: messageProblem(
        'message_too_large',
        `This message is ${size} bytes, more than the ${maxBytes} bytes one response.create may have`,
        null,
        413,
      ),
    };
  }
  const parsed = safeJsonParse(typeof data === 'string' ? data : data.toString('utf8'));
  if (!parsed.ok) return problem('invalid_json', `The message is not valid JSON: ${parsed.error}`);
  const event = asRecord(parsed.value);
  if (!event) return problem('invalid_event', 'Each message must be a JSON object with a "type"');
  if (event.type === 'response.processed') return { kind: 'ignored' };
  if (event.type !== 'response.create') {
    const given = typeof event.type === 'string' ? `"${event.type.slice(0, 64)}"` : 'missing';
    return problem(
      'unknown_event_type',
      `Unknown client event type (${given}): this endpoint accepts "response.create"`,
      'type',
    );
  }
  if (event.background === true)
    return problem(
      'unsupported_parameter',
      'background: responses over WebSocket run in the foreground; use POST /v1/responses for background responses',
      'background',
    );
  if (event.generate !== undefined && typeof event.generate !== 'boolean')
    return problem('invalid_type', 'generate: must be a boolean', 'generate');
  const body: Record<string, unknown> = { ...event };
  for (const field of TRANSPORT_FIELDS) delete body[field];
  delete body.background;
  return { kind: 'create', body: { ...body, stream: true }, warmup: event.generate === false };
}

function problem(code: string, message: string, param: string | null = null): ClientMessage {
  return { kind: 'problem', problem: messageProblem(code, message, param) };
}
