import type { IrErrorData } from '@interlingua/ir';
import { serializeSseMessages } from '@interlingua/ir-utils';
import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import { sendJson, sendSse, startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { setRequestLogging } from '../observe/request-log.js';
import { startGateway, type RunningGateway } from '../server.js';
import { GATEWAY_KEY } from './gateway-harness.test-support.js';
import {
  INBOUND_MODES,
  isStreaming,
  readInbound,
  sendInbound,
  type InboundMode,
} from './inbound-callers.test-support.js';
import { providerForWire, readWireRequest, UPSTREAM_WIRES } from './upstream-wires.test-support.js';

/** The provider key the gateway sends upstream: no recognisable shape, so only its exact value can find it. */
const PROVIDER_KEY = 'prov-7f3a9c2e1d8b4f60';
/** Credentials of recognisable shapes an upstream might echo. */
const SHAPED = ['sk-live-abcdefghijklmnop', 'AIzaSyA1234567890abcdefghijklmnopqrstu', 'tok-query-998877'];
/** Far more error text than any caller needs (within the 64 KiB read of a streamed call's error body). */
const LONG_MESSAGE = `overloaded ${'x'.repeat(40_000)}`;
/** Bound on what a caller receives for the long message (the message is cut at 1,000 characters). */
const MAX_ANSWER_CHARS = 8_000;
/** The upstream a mode is translated to: the next wire of the list, so each wire is the far side of one style. */
function translatedWire(style: GenerationStyle): GenerationStyle {
  return UPSTREAM_WIRES[(UPSTREAM_WIRES.indexOf(style) + 1) % UPSTREAM_WIRES.length] as GenerationStyle;
}

let upstream: LoopbackUpstream;
let running: RunningGateway;
const logLines: string[] = [];

/** An upstream proxy that reports the request it refused, credentials and all. */
function echoMessage(authorization: string): string {
  return `Refused request with Authorization: ${authorization}; x-api-key: ${PROVIDER_KEY}; key ${SHAPED[0]}; url https://proxy.example/v1?key=${SHAPED[1]}&access_token=${SHAPED[2]}`;
}

function errorBody(wire: GenerationStyle, status: number, message: string): unknown {
  const error: IrErrorData = { kind: status === 401 ? 'authentication' : 'overloaded', message, status };
  return codecFor(wire).error.fromIr(error).body;
}

beforeAll(async () => {
  setRequestLogging(true);
  upstream = await startLoopbackUpstream((request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') return void response.writeHead(400).end();
    const authorization = String(
      request.headers.authorization ?? request.headers['x-api-key'] ?? request.headers['x-goog-api-key'] ?? '',
    );
    const fault = read.model;
    if (fault === 'long') return sendJson(response, 503, errorBody(read.wire, 503, LONG_MESSAGE));
    if (fault === 'first-event' && read.stream) {
      const events = codecFor(read.wire)
        .stream.createEncoder()
        .push({
          type: 'error',
          error: { kind: 'authentication', message: echoMessage(`Bearer ${authorization}`), status: 401 },
        });
      return sendSse(response, serializeSseMessages(events));
    }
    if (fault === 'later-errors' && read.stream) {
      // A stream that starts well, then reports two errors: the second echoes the credentials.
      const codec = codecFor(read.wire);
      const encoder = codec.stream.createEncoder();
      const opening = [
        ...encoder.push({ type: 'response-start', id: 'resp_1', model: 'm', created: 1 }),
        ...encoder.push({ type: 'text-start', index: 0 }),
        ...encoder.push({ type: 'text-delta', index: 0, delta: 'Hello' }),
      ];
      const error = (message: string) =>
        codec.stream.createEncoder().push({ type: 'error', error: { kind: 'overloaded', message, status: 503 } });
      const errors = [...error('first error'), ...error(echoMessage(`Bearer ${authorization}`))];
      return sendSse(response, serializeSseMessages([...opening, ...errors]));
    }
    return sendJson(response, 401, errorBody(read.wire, 401, echoMessage(`Bearer ${authorization}`)));
  });
  const config = configSchema.parse({
    server: { host: '127.0.0.1', port: 0 },
    routing: { retries: 0 },
    keys: [{ name: 'credentials', secret: GATEWAY_KEY }],
    providers: UPSTREAM_WIRES.map((wire) => providerForWire(wire, wire, upstream.url, { apiKey: PROVIDER_KEY })),
    models: UPSTREAM_WIRES.map((wire) => ({ name: `${wire}/*`, targets: [{ provider: wire }] })),
  });
  running = await startGateway(config, { logDestination: { write: (line: string) => void logLines.push(line) } });
});

afterAll(async () => {
  await running.close();
  await upstream.close();
  setRequestLogging(false);
});

/** The upstream sees the fault's name as its model (the route passes what follows `<wire>/`). */
function send(mode: InboundMode, wire: GenerationStyle, fault: string): Promise<Response> {
  return sendInbound(running.url, mode, `${wire}/${fault}`);
}

/** The log line of a finished request, once the gateway has written it. */
function requestLogLine(requestId: string | null): Promise<string> {
  expect(requestId).toBeTruthy();
  return vi.waitFor(() => {
    const line = logLines.find((entry) => entry.includes(`"requestId":${JSON.stringify(requestId)}`));
    if (!line) throw new Error(`no log line for request ${requestId}`);
    return line;
  });
}

function expectNoCredentials(text: string): void {
  expect(text).not.toContain(PROVIDER_KEY);
  for (const credential of SHAPED) expect(text).not.toContain(credential);
}

const cases = INBOUND_MODES.flatMap((mode) =>
  [mode.style, translatedWire(mode.style)].map((wire) => [`${mode.id} caller, ${wire} upstream`, mode, wire] as const),
);

describe('credentials an upstream echoes in its error', () => {
  it.each(cases)(
    '%s: the error answer is passed on with them redacted, in the log as well',
    async (_name, mode, wire) => {
      const before = logLines.length;
      const response = await send(mode, wire, 'echo');
      const text = await response.clone().text();
      const outcome = await readInbound(mode, response);
      expect(outcome).toMatchObject({ kind: 'http-error', status: 401 });
      expect(outcome.kind === 'http-error' && outcome.message).toContain('Refused request');
      expect(text).toContain('[redacted]');
      expectNoCredentials(text);
      const line = await requestLogLine(response.headers.get('x-request-id'));
      expect(JSON.parse(line)).toMatchObject({ msg: 'request', status: 401 });
      expectNoCredentials(logLines.slice(before).join('\n'));
    },
  );

  // A Responses stream opens with `response.created` before its `response.failed`: same style, the
  // error is then a later event of a relayed stream, redacted like every other.
  const firstEventCases = cases.filter(([, mode]) => isStreaming(mode));
  it.each(firstEventCases)('%s: an error as the first stream event is redacted too', async (_name, mode, wire) => {
    const response = await send(mode, wire, 'first-event');
    const text = await response.text();
    expect(text).toContain('Refused request');
    expectNoCredentials(text);
  });

  it.each(cases)('%s: a 40 KB upstream message reaches the caller cut short', async (_name, mode, wire) => {
    const response = await send(mode, wire, 'long');
    const text = await response.text();
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(text).toContain('overloaded xxx');
    expect(text.length).toBeLessThan(MAX_ANSWER_CHARS);
  });

  // Same-style SSE streams are relayed as bytes (the fast path); a Gemini array stops at the first error.
  const sameStyleStreams = cases.filter(([, mode, wire]) => mode.id.endsWith('-sse') && mode.style === wire);
  it.each(sameStyleStreams)(
    '%s: every error event of a relayed stream is redacted, not only the first',
    async (_name, mode, wire) => {
      const response = await send(mode, wire, 'later-errors');
      const text = await response.text();
      expect(text).toContain('Hello');
      expect(text).toContain('Refused request');
      expectNoCredentials(text);
    },
  );
});
