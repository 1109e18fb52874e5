import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { IrError } from '@interlingua/ir';
import { errorStatus } from '@interlingua/ir';
import { codecFor } from '@interlingua/provider-adapters';
import { WebSocketServer, type WebSocket } from 'ws';
import { keyAllowsEndpoint, presentedKey, type GatewayKey } from '../auth/api-keys.js';
import type { Gateway } from '../gateway.js';
import { authenticate } from '../admit/request-key.js';
import { errorCodecForPath, asIrError, gatewayError } from '../http/style-errors.js';
import { bodyLimit } from '../admit/body-limits.js';
import { requestLoggingEnabled } from '../observe/request-log.js';
import { ConnectionCounts } from './connection-counts.js';
import { generationRunner, type ResponseRunner, type TurnServing } from './socket-turn.js';
import { ResponsesSocket } from './responses-socket.js';
import { errorEventFromHttp } from './server-events.js';
import { OPENAI_RESPONSES } from '../http/request-styles.js';

const PATH = '/v1/responses';
/** How long a closing connection gets for the close handshake on shutdown. */
const CLOSE_GRACE_MS = 1_000;

const SHUTTING_DOWN = gatewayError('overloaded', 'The gateway is shutting down; retry on another instance', {
  status: 503,
});

interface Attached {
  counts: ConnectionCounts;
  open: Set<WebSocket>;
  /** The gateway serving now (config reloads replace it). */
  current: () => Gateway;
}

const attached = new WeakMap<Server, Attached>();

/**
 * Serves the Responses WebSocket mode on `server`: `GET /v1/responses` with `Upgrade: websocket`,
 * authenticated like HTTP (the key on the upgrade request; refused upgrades get the HTTP status
 * and an OpenAI error body), then `response.create` messages in and the streamed events out.
 * Other upgrade requests are refused with a 404 in the style of their path. `current` gives the
 * gateway serving now and its `POST /v1/responses` run (config reloads replace both): each
 * response runs in process on that path (`generationRunner`).
 */
export function attachResponsesWebSocket(server: Server, current: () => TurnServing): void {
  const currentGateway = (): Gateway => current().gateway;
  const state: Attached = { counts: new ConnectionCounts(), open: new Set(), current: currentGateway };
  attached.set(server, state);
  const generation = generationRunner(current);
  // While the gateway drains, its listener takes no new connections: a new turn gets the 503 HTTP would give.
  const run: ResponseRunner = async (response) => {
    if (!currentGateway().ops.runtime.draining) return generation(response);
    const refused = errorEventFor(SHUTTING_DOWN);
    await response.emit(refused);
    return JSON.parse(refused) as Record<string, unknown>;
  };
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node's own error handler is off an upgraded socket: a client reset must not become an uncaught error.
    socket.on('error', () => socket.destroy());
    const gateway = currentGateway();
    try {
      upgrade(gateway, state, run, request, socket, head);
    } catch (error) {
      const refused = asIrError(error);
      refuse(socket, request, refused);
      logRefused(gateway, request, refused);
    }
  });
}

/** Closes every WebSocket connection (1001, going away): the server is shutting down. */
export function closeResponsesWebSockets(server: Server): void {
  const state = attached.get(server);
  if (!state) return;
  for (const socket of state.open) {
    socket.close(1001, 'The gateway is shutting down');
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  }
}

function upgrade(
  gateway: Gateway,
  state: Attached,
  run: ResponseRunner,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  const url = new URL(request.url ?? '/', 'http://gateway.local');
  if (url.pathname !== PATH) {
    throw gatewayError(
      'not-found',
      `No WebSocket endpoint at ${url.pathname}; the Responses WebSocket mode is served at ${PATH}`,
      { code: 'unknown_route' },
    );
  }
  const settings = gateway.config.responses.websocket;
  if (!settings.enabled) {
    throw gatewayError(
      'unsupported',
      'This gateway does not serve the Responses API over WebSocket; send POST /v1/responses over HTTP instead',
      { status: 426, code: 'websocket_not_supported' },
    );
  }
  if (gateway.ops.runtime.draining) throw SHUTTING_DOWN;
  const key = authenticateUpgrade(gateway, request, url);
  if (!keyAllowsEndpoint(key, 'responses')) {
    throw gatewayError('permission', 'This API key may not use the responses endpoint', {
      code: 'endpoint_not_allowed',
    });
  }
  const release = state.counts.take(key.id, settings);
  // The TCP socket closes whether the handshake fails or the connection ends later.
  socket.once('close', release);
  const maxMessageBytes = bodyLimit(gateway.config, 'responses');
  // Messages a little over the limit still arrive whole and get an error event; far over it, ws closes with 1009.
  const server = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: maxMessageBytes * 2,
  });
  server.handleUpgrade(request, socket, head, (client) => {
    state.open.add(client);
    const liveness = { idleTimeoutMs: settings.idleTimeoutMs, pingIntervalMs: settings.pingIntervalMs };
    const connection = new ResponsesSocket(client, {
      apiKey: presentedKey(request.headers, () => url.searchParams) ?? '',
      maxMessageBytes,
      maxConversationBytes: gateway.config.responses.store.maxEntryBytes,
      maxWarmups: settings.maxWarmupsPerConnection,
      run,
      liveness,
      keyAccepted: () => keyStillAccepted(state.current(), request, url),
    });
    const opened = performance.now();
    client.once('close', (code: number) => {
      state.open.delete(client);
      logClosed(gateway, key, connection.responses, code, performance.now() - opened);
    });
  });
}

function authenticateUpgrade(gateway: Gateway, request: IncomingMessage, url: URL): GatewayKey {
  return authenticate(
    { config: gateway.keys, runtime: gateway.ops.runtime.runtimeKeys, queryKeys: gateway.config.server.queryKeys },
    request,
    () => url.searchParams,
  );
}

/** Whether the key of the upgrade request is still accepted by the gateway serving now (not disabled, revoked or expired). */
function keyStillAccepted(gateway: Gateway, request: IncomingMessage, url: URL): boolean {
  try {
    authenticateUpgrade(gateway, request, url);
    return true;
  } catch {
    return false;
  }
}

/** One line per connection (each response has its own request line, as over HTTP). */
function logClosed(gateway: Gateway, key: GatewayKey, responses: number, code: number, durationMs: number): void {
  if (!requestLoggingEnabled()) return;
  gateway.ops.runtime.logger.info(
    {
      endpoint: 'responses',
      transport: 'websocket',
      key: key.name,
      keyId: key.id,
      responses,
      closeCode: code,
      durationMs: Math.round(durationMs),
    },
    'websocket closed',
  );
}

function logRefused(gateway: Gateway, request: IncomingMessage, error: IrError): void {
  if (!requestLoggingEnabled()) return;
  const path = new URL(request.url ?? '/', 'http://gateway.local').pathname;
  gateway.ops.runtime.logger.info(
    {
      path: path.slice(0, 256),
      transport: 'websocket',
      status: errorStatus(error.data),
      code: error.data.code,
      error: error.data.message,
    },
    'websocket refused',
  );
}

/** The `error` event for an error of the gateway, with the status and body HTTP would answer. */
function errorEventFor(error: IrError): string {
  const { status, body } = codecFor(OPENAI_RESPONSES).error.fromIr(error.data);
  return errorEventFromHttp(
    status,
    JSON.stringify(body),
    error.data.retryAfterSeconds === undefined ? null : String(Math.ceil(error.data.retryAfterSeconds)),
  );
}

/** Answers a refused upgrade with a plain HTTP response (status and error body in the style of the path) and closes the socket. */
function refuse(socket: Duplex, request: IncomingMessage, error: IrError): void {
  const path = new URL(request.url ?? '/', 'http://gateway.local').pathname;
  const codec = path === PATH ? codecFor(OPENAI_RESPONSES) : errorCodecForPath(path, request.headers);
  const { status, body } = codec.error.fromIr(error.data);
  const text = JSON.stringify(body);
  const retryAfter =
    error.data.retryAfterSeconds === undefined ? '' : `retry-after: ${Math.ceil(error.data.retryAfterSeconds)}\r\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json\r\nx-content-type-options: nosniff\r\ncontent-length: ${Buffer.byteLength(text)}\r\n${retryAfter}connection: close\r\n\r\n${text}`,
  );
}
