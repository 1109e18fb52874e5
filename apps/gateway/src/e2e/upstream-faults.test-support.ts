import type { ServerResponse } from 'node:http';
import { errorKindForStatus } from '@interlingua/ir';
import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import { loadRecording, recordingSseBody, sendJson, sendSse } from '@interlingua/testkit';
import type { InboundStyle } from './inbound-callers.test-support.js';
import { sseEvents } from './upstream-wires.test-support.js';

/** Healthy recorded answers per upstream wire: one JSON body, one stream. */
const ANSWERS: Record<GenerationStyle, { json: string; stream: string }> = {
  'openai-chat': { json: 'openai-chat/01-text.json', stream: 'openai-chat/03-text-stream-after-tool.sse' },
  'openai-responses': { json: 'openai-responses/01-text.json', stream: 'openai-responses/02-text-stream.sse' },
  'anthropic-messages': {
    json: 'anthropic-messages/01-text.json',
    stream: 'anthropic-messages/03-text-stream-short.sse',
  },
  gemini: { json: 'gemini/01-text.json', stream: 'gemini/02-text-stream.sse' },
};

/** An event that is not JSON, named as the wire names its deltas. */
export const BROKEN_EVENT: Record<GenerationStyle, string> = {
  'openai-chat': 'data: {"id":"chatcmpl-1","choices":[{"delta":{"content":"x"\n\n',
  'openai-responses': 'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":\n\n',
  'anthropic-messages':
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":\n\n',
  gemini: 'data: {"candidates":[{"content":{"parts":[{"text":"x"\n\n',
};

const HTML_PAGE = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n';

/** Events sent before a mid-stream fault: enough for the gateway to commit. */
const EVENTS_BEFORE_FAULT = 2;

/** What one upstream request of a fault case knows. */
export interface FaultReply {
  wire: GenerationStyle;
  stream: boolean;
  response: ServerResponse;
  /** Resolves once the caller has the answer's head: the gateway has committed. */
  committed: Promise<void>;
}

/**
 * What the caller must see. `passed-through`: the same-style fast path forwards events without
 * parsing them (ARCHITECTURE.md), so a bad event inside a well-framed stream reaches the caller
 * as the provider sent it (docs/decisions/upstream-stream-faults.md).
 */
export type FaultExpectation =
  | { kind: 'http-error'; status: number; retryAfter?: string | null }
  | { kind: 'in-band-error' }
  | { kind: 'passed-through' };

/** The calling side of a case. */
export interface FaultCaller {
  style: InboundStyle;
  streaming: boolean;
  /** Caller and upstream speak the same style over SSE: the bytes are relayed unparsed. */
  fastPath: boolean;
}

/** An overloaded upstream (503 or 529) is reported with the caller style's own status for it. */
const OVERLOADED_STATUS: Record<InboundStyle, number> = {
  'openai-chat': 503,
  'openai-responses': 503,
  'anthropic-messages': 529,
  gemini: 503,
};

export interface UpstreamFault {
  id: string;
  /** Which provider the case's route points at: the loopback, the same with a short idle timeout, or a closed port. */
  provider: 'normal' | 'idle' | 'refused';
  /** Faults that only make sense while streaming (or only while not). */
  only?: 'stream' | 'non-stream';
  /** The upstream waits for the caller's head before breaking the stream: one request at a time. */
  gated?: boolean;
  expect(caller: FaultCaller): FaultExpectation;
  reply(context: FaultReply): void | Promise<void>;
}

const httpError = (status: number, retryAfter?: string | null): FaultExpectation => ({
  kind: 'http-error',
  status,
  ...(retryAfter !== undefined ? { retryAfter } : {}),
});
const midStream =
  (status: number) =>
  ({ streaming }: FaultCaller): FaultExpectation =>
    streaming ? { kind: 'in-band-error' } : httpError(status);

/** Every fault of the suite. The model name the upstream receives is the fault's id. */
export const UPSTREAM_FAULTS: readonly UpstreamFault[] = [
  { id: 'connection-refused', provider: 'refused', expect: () => httpError(502), reply: () => undefined },
  {
    id: 'reset-before-headers',
    provider: 'normal',
    expect: () => httpError(502),
    reply: ({ response }) => void response.socket?.resetAndDestroy(),
  },
  {
    id: 'reset-mid-body',
    provider: 'normal',
    gated: true,
    expect: midStream(502),
    reply: (context) => breakAfterStart(context, () => void context.response.socket?.resetAndDestroy()),
  },
  {
    id: 'truncated-body',
    provider: 'normal',
    gated: true,
    expect: midStream(502),
    // The connection closes (FIN) before the body's end: mid-event without the last chunk, or short of content-length.
    reply: (context) =>
      breakAfterStart(context, () => {
        if (context.stream)
          context.response.write(restOfStream(context.wire).slice(0, 40), () => context.response.socket?.end());
        else context.response.socket?.end();
      }),
  },
  {
    id: 'malformed-sse',
    provider: 'normal',
    gated: true,
    // A page that is not SSE, then a clean end: the stream never finishes.
    expect: midStream(502),
    reply: (context) => {
      if (!context.stream) return sendJson(context.response, 200, HTML_PAGE, { 'content-type': 'text/html' });
      return breakAfterStart(context, () => void context.response.end(HTML_PAGE));
    },
  },
  {
    id: 'malformed-sse-first',
    provider: 'normal',
    only: 'stream',
    expect: () => httpError(502),
    reply: ({ response }) => sendSse(response, HTML_PAGE),
  },
  {
    id: 'invalid-json-chunk',
    provider: 'normal',
    gated: true,
    expect: (caller) => (caller.fastPath ? { kind: 'passed-through' } : midStream(502)(caller)),
    reply: (context) => {
      if (!context.stream) return sendJson(context.response, 200, '{"id":"x","choices":[', {});
      return breakAfterStart(
        context,
        () => void context.response.end(BROKEN_EVENT[context.wire] + restOfStream(context.wire)),
      );
    },
  },
  {
    id: 'invalid-json-first',
    provider: 'normal',
    only: 'stream',
    expect: () => httpError(502),
    reply: ({ wire, response }) => sendSse(response, BROKEN_EVENT[wire] + streamBody(wire)),
  },
  {
    id: 'cut-before-finish',
    provider: 'normal',
    only: 'stream',
    // Every event before the one with the finish reason, then a clean close: relayed as is, it would pass for a whole answer.
    expect: () => ({ kind: 'in-band-error' }),
    reply: ({ wire, response }) => sendSse(response, cutBeforeFinish(wire)),
  },
  // Not gated: the idle timer starts after the first events, which commit at once.
  {
    id: 'stall',
    provider: 'idle',
    expect: midStream(504),
    reply: (context) => breakAfterStart(context, () => untilClosed(context.response), false),
  },
  {
    id: 'stall-before-first-event',
    provider: 'idle',
    only: 'stream',
    expect: () => httpError(504),
    reply: ({ response }) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.flushHeaders();
      return untilClosed(response);
    },
  },
  {
    id: 'rate-limited-retry-after',
    provider: 'normal',
    expect: () => httpError(429, '7'),
    reply: (c) => sendWireError(c, 429, { 'retry-after': '7' }),
  },
  { id: 'rate-limited', provider: 'normal', expect: () => httpError(429, null), reply: (c) => sendWireError(c, 429) },
  { id: 'server-error-500', provider: 'normal', expect: () => httpError(500), reply: (c) => sendWireError(c, 500) },
  {
    id: 'unavailable-503',
    provider: 'normal',
    expect: ({ style }) => httpError(OVERLOADED_STATUS[style]),
    reply: (c) => sendWireError(c, 503),
  },
  {
    id: 'overloaded-529',
    provider: 'normal',
    expect: ({ style }) => httpError(OVERLOADED_STATUS[style]),
    reply: (c) => sendWireError(c, 529),
  },
];

/** The healthy answer for `model === 'ok'`. */
export function replyHealthy({ wire, stream, response }: FaultReply): Promise<void> | void {
  if (stream) return sendSse(response, streamBody(wire));
  return sendJson(response, 200, loadRecording(ANSWERS[wire].json).body);
}

/** The healthy stream with its last event's blank line cut to one line end (servers do send that). */
export function replyHealthyUnterminated({ wire, response }: FaultReply): Promise<void> {
  return sendSse(response, streamBody(wire).replace(/(\r?\n)\r?\n$/, '$1'));
}

/** The text the healthy non-streaming answer of a wire holds. */
export function healthyText(wire: GenerationStyle): string {
  return String(loadRecording(ANSWERS[wire].json).expect.text);
}

function streamBody(wire: GenerationStyle): string {
  return recordingSseBody(loadRecording(ANSWERS[wire].stream));
}

/** The first event of a stream's end: a finish reason, `[DONE]`, `message_stop`, a terminal response event. */
const FINISHING_EVENT =
  /"finish_reason": ?"|"stop_reason": ?"|"finishReason"|data: \[DONE\]|event: message_stop|event: response\.(completed|incomplete|failed)/;

/** The healthy stream up to (not including) the event that says it finished. */
function cutBeforeFinish(wire: GenerationStyle): string {
  const events = sseEvents(streamBody(wire));
  const at = events.findIndex((event) => FINISHING_EVENT.test(event));
  return events.slice(0, at === -1 ? events.length : at).join('');
}

function restOfStream(wire: GenerationStyle): string {
  return sseEvents(streamBody(wire)).slice(EVENTS_BEFORE_FAULT).join('');
}

/**
 * Starts a healthy answer, then breaks it with `fault`: a stream after its first events have
 * reached the caller (so the gateway has committed), a JSON body after half its bytes.
 */
async function breakAfterStart(
  context: FaultReply,
  fault: () => void | Promise<void>,
  waitForCommit = true,
): Promise<void> {
  const { response, wire } = context;
  if (context.stream) {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(sseEvents(streamBody(wire)).slice(0, EVENTS_BEFORE_FAULT).join(''));
    if (waitForCommit) await context.committed;
  } else {
    const body = loadRecording(ANSWERS[wire].json).body;
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    await new Promise<void>((resolve) => response.write(body.slice(0, Math.floor(body.length / 2)), () => resolve()));
  }
  await fault();
}

function sendWireError(context: FaultReply, status: number, headers: Record<string, string> = {}): void {
  const { body } = codecFor(context.wire).error.fromIr({
    kind: errorKindForStatus(status),
    message: `upstream says ${status}`,
    status,
  });
  sendJson(context.response, status, body, headers);
}

function untilClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (response.destroyed) resolve();
    else response.once('close', () => resolve());
  });
}
