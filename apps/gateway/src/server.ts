import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DestinationStream } from 'pino';
import type { Duplex } from 'node:stream';
import { createGatewayServing, type GatewayServing } from './app.js';
import type { GatewayConfig } from './config/config-schema.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { answerClientError, type ClientError } from './http/client-error.js';
import { applyServerTimeouts, connectionsCheckingInterval, RequestBodyTimer } from './http/request-time-bounds.js';
import { createGateway, type Gateway, type GatewayOptions } from './gateway.js';
import { createRuntime, type GatewayRuntime } from './operations/gateway-ops.js';
import { createStore } from './store/create-store.js';
import { attachOperator, detachOperator, runtimeNameClashes } from './admin/operator-state.js';
import { auditSignalAction } from './admin/admin-audit.js';
import { startTracing } from './observe/tracing/start-tracing.js';
import { attachResponsesWebSocket, closeResponsesWebSockets } from './websocket/responses-websocket.js';
import { gatewayError, errorText } from './http/style-errors.js';

/** How long ended streams get to write their last bytes before every connection is closed. */
const FINAL_FLUSH_MS = 1_000;

export interface ServerOptions extends GatewayOptions {
  /** Where log lines go (tests); stdout by default. */
  logDestination?: DestinationStream;
  /** The environment the `OTEL_*` telemetry variables are read from (tests); `process.env` by default. */
  env?: NodeJS.ProcessEnv;
}

export interface RunningGateway {
  /** The gateway serving new requests (replaced by `reload`). */
  readonly gateway: Gateway;
  server: Server;
  /** e.g. `http://127.0.0.1:8080` */
  url: string;
  /**
   * Serves new requests with a new config; requests already running finish on the old one. The
   * store, metrics and open-request tracking carry over (a changed `store`, `server.host` or
   * `server.port` needs a restart). Throws a `ConfigError` and keeps the old config when the new
   * one cannot be used.
   */
  reload(config: GatewayConfig): void;
  /**
   * Reads, validates and applies a config file (SIGHUP). A file that cannot be used (empty,
   * unparsable, unknown fields, bad values or references) changes nothing: the old config keeps
   * serving, an error line says why, and the problems are returned.
   */
  reloadFile(path: string, env?: NodeJS.ProcessEnv): ReloadResult;
  /**
   * Graceful stop: new connections are refused and `/ready` answers 503; open requests and
   * streams may finish for `graceMs` (default `shutdown.graceMs`); streams still open then end
   * with an in-style error; then connections close and the store disconnects.
   */
  shutdown(graceMs?: number): Promise<void>;
  /** Stops at once (tests): a shutdown with a short grace. */
  close(): Promise<void>;
}

export type ReloadResult = { ok: true; config: GatewayConfig } | { ok: false; problems: string[] };

/** Starts the gateway's HTTP server; `server.port: 0` picks a free port. */
export async function startGateway(config: GatewayConfig, options: ServerOptions = {}): Promise<RunningGateway> {
  const runtime =
    options.runtime ??
    createRuntime(
      config,
      options.store ?? createStore(config.store),
      options.logDestination ? { logDestination: options.logDestination } : {},
    );
  if (!runtime.tracer) {
    const tracer = await startTracing(config, options.env ?? process.env);
    if (tracer) runtime.tracer = tracer;
  }
  await attachOperator(runtime, config);
  try {
    refuseNameClashes(runtime, config);
  } catch (error) {
    await detachOperator(runtime);
    throw error;
  }
  let gateway = createGateway(config, { ...options, runtime });
  let serving: GatewayServing = createGatewayServing(gateway);
  let listener: RequestListener = serving.listener;
  const bodyTimer = new RequestBodyTimer(
    () => gateway.config.server.timeouts,
    (slow) =>
      runtime.logger.warn(
        { status: 408, path: slow.path.slice(0, 256), reason: slow.reason },
        'request refused: its body arrived too slowly',
      ),
  );
  const server = createServer(
    { connectionsCheckingInterval: connectionsCheckingInterval(config.server.timeouts) },
    bodyTimer.watch,
  );
  server.on('request', listener);
  server.on('clientError', (error: ClientError, socket: Duplex) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && bodyTimer.answerRequestTimeout(socket)) return;
    const answer = answerClientError(error, socket);
    if (answer)
      runtime.logger.warn(
        { status: answer.status, path: answer.path.slice(0, 256), code: answer.code },
        'request refused before parsing',
      );
  });
  applyServerTimeouts(server, config.server.timeouts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.server.port, config.server.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  attachResponsesWebSocket(server, () => ({ gateway, createResponse: serving.createResponse }));
  let stopping: Promise<void> | undefined;
  const shutdown = (graceMs = gateway.config.shutdown.graceMs): Promise<void> =>
    (stopping ??= stopServer(server, gateway, graceMs));
  const reload = (next: GatewayConfig): void => {
    const restartOnly = [
      ...(JSON.stringify(next.store) !== JSON.stringify(gateway.config.store) ? ['store'] : []),
      ...(next.server.host !== gateway.config.server.host || next.server.port !== gateway.config.server.port
        ? ['server.host', 'server.port']
        : []),
    ];
    refuseNameClashes(runtime, next);
    if (restartOnly.length > 0)
      runtime.logger.warn({ fields: restartOnly }, 'config reload: these fields apply only after a restart');
    const keepMcp = JSON.stringify(next.mcp) === JSON.stringify(gateway.config.mcp);
    const replacement = createGateway(next, { ...options, runtime, ...(keepMcp ? { mcp: gateway.mcp } : {}) });
    if (!keepMcp) void gateway.mcp.close();
    const nextServing = createGatewayServing(replacement);
    server.removeListener('request', listener);
    server.on('request', nextServing.listener);
    listener = nextServing.listener;
    serving = nextServing;
    gateway = replacement;
    applyServerTimeouts(server, next.server.timeouts);
    runtime.logger.level = next.logging.level;
  };
  return {
    get gateway() {
      return gateway;
    },
    server,
    url: `http://${host}:${address.port}`,
    reload,
    reloadFile(path, env = process.env) {
      try {
        const next = loadConfig(path, env);
        reload(next);
        auditSignalAction(runtime.logger, 'config.reload', { file: path, outcome: 'applied' });
        return { ok: true, config: next };
      } catch (error) {
        const problems = error instanceof ConfigError ? error.problems : [errorText(error)];
        runtime.logger.error({ file: path, problems }, 'config reload refused; the running config keeps serving');
        auditSignalAction(runtime.logger, 'config.reload', {
          file: path,
          outcome: 'refused',
          problems: problems.length,
        });
        return { ok: false, problems };
      }
    },
    shutdown,
    close: () => shutdown(Math.min(2_000, gateway.config.shutdown.graceMs)),
  };
}

/** A config whose key names runtime keys already have is refused (at start and on reload). */
function refuseNameClashes(runtime: GatewayRuntime, config: GatewayConfig): void {
  const clashes = runtimeNameClashes(runtime, config);
  if (clashes.length > 0) throw new ConfigError('key names', clashes);
}

async function stopServer(server: Server, gateway: Gateway, graceMs: number): Promise<void> {
  const { runtime } = gateway.ops;
  runtime.draining = true;
  // MCP session streams stay open until the client leaves: they end now (clients open them again elsewhere).
  gateway.mcp.sessions.closeAll();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const graceOver = new AbortController();
  await Promise.race([
    runtime.requests.whenIdle(),
    sleep(graceMs, undefined, { signal: graceOver.signal }).catch(() => undefined),
  ]);
  graceOver.abort();
  if (runtime.requests.count > 0) {
    runtime.requests.stopAll(
      gatewayError('overloaded', 'The gateway is shutting down; the answer was cut short', { status: 503 }),
    );
    const flushOver = new AbortController();
    await Promise.race([
      runtime.requests.whenIdle(),
      sleep(FINAL_FLUSH_MS, undefined, { signal: flushOver.signal }).catch(() => undefined),
    ]);
    flushOver.abort();
  }
  closeResponsesWebSockets(server);
  server.closeAllConnections();
  await closed;
  await gateway.mcp.close();
  await detachOperator(runtime);
  await runtime.tracer?.shutdown().catch(() => undefined);
  await runtime.store.close();
  await runtime.responseCache?.close();
  await new Promise<void>((resolve) => runtime.logger.flush(() => resolve()));
}
