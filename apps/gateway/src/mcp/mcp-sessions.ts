import type { IncomingMessage } from 'node:http';
import { ErrorCode, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { GatewayKey } from '../auth/api-keys.js';
import type { ResponsesConfig } from '../config/responses-schema.js';
import { processCompactionSecret } from '../config/process-compaction-secret.js';
import type { RequestContext } from '../context/request-context.js';
import type { StateStore } from '../store/state-store.js';
import type { McpAccountingRuntime } from './mcp-accounting.js';
import { sendJsonRpcError } from './mcp-http.js';
import type { SessionStream } from './mcp-session-hub.js';
import {
  issueSessionId,
  openSessionId,
  sessionStoreKey,
  type McpSessionClaims,
  type SessionSealing,
} from './mcp-session-id.js';
import { storedLogLevel } from './mcp-log-levels.js';
import { listedSubscriptions } from './mcp-subscriptions.js';
import type { McpUpstreams } from './mcp-upstreams.js';
import type { ViewSession } from './mcp-view.js';

/** The header a session's id travels in, both ways. */
export const SESSION_HEADER = 'mcp-session-id';
/** The transport's code for a session the server does not know (with HTTP 404). */
const SESSION_NOT_FOUND = -32001;
/**
 * How often an open standalone stream reads its session from the store: ended elsewhere (it
 * closes), subscriptions taken by another instance (held here from then on).
 */
const SYNC_MS = 2_000;
/** Syncs between two comment lines on an idle stream, so proxies between keep it open (about 24 s). */
const SYNCS_PER_KEEP_ALIVE = 12;

/** What the session handling reads: the keyring that seals ids, the store that records ended ones. */
export interface McpSessionScope {
  mcp: McpUpstreams;
  ops: { runtime: McpAccountingRuntime };
  config: { responses: Pick<ResponsesConfig, 'compaction'> };
  store: StateStore;
}

/** The `Mcp-Session-Id` a request carries, if any. */
export function sessionIdOf(request: IncomingMessage): string | undefined {
  const value = request.headers[SESSION_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A new session's id for `key` (issued on `initialize`). */
export function issueSession(scope: McpSessionScope, key: GatewayKey, claims: McpSessionClaims): string {
  return issueSessionId(claims, sealing(scope), key.id);
}

/**
 * The session a request names, when its id was sealed by this gateway's keyring for this key, has
 * not expired and was not ended; otherwise the request is answered 404 here (the client then
 * starts a new session, as the transport says) and undefined is returned.
 */
export async function sessionOfRequest(
  scope: McpSessionScope,
  key: GatewayKey,
  id: string,
  context: RequestContext,
): Promise<ViewSession | undefined> {
  const ttlMs = scope.mcp.config.limits.sessionTtlMs;
  const claims = openSessionId(id, sealing(scope), key.id, Date.now());
  const ended = claims ? await scope.store.get(sessionStoreKey('ended', id)) : undefined;
  if (!claims || ended !== undefined) {
    sendJsonRpcError(
      context.sink,
      404,
      SESSION_NOT_FOUND,
      'Session not found: the Mcp-Session-Id is unknown, expired or ended; send initialize again',
    );
    return undefined;
  }
  return { id, expiresAt: claims.issuedAt + ttlMs, hub: scope.mcp.sessions, store: scope.store };
}

/** DELETE: the session ends on every instance (recorded in the store until its id would have expired). */
export async function endSession(scope: McpSessionScope, session: ViewSession, context: RequestContext): Promise<void> {
  const left = Math.max(1, session.expiresAt - Date.now());
  await scope.store.set(sessionStoreKey('ended', session.id), '1', left);
  await scope.store.delete(sessionStoreKey('subscriptions', session.id));
  session.hub.end(session.id);
  context.sink.send(200, 'application/json', '');
}

/** What a stream carries: the notices of these servers, log loggers prefixed on `/mcp`. */
export type StreamScope = Pick<SessionStream, 'servers' | 'aggregate'>;

/**
 * GET: the session's standalone stream on this instance, open until the caller leaves or the
 * session ends here; it carries the session's resource updates, and the list changes and log
 * messages of the servers the request sees. Each key may hold `mcp.limits.maxStreamsPerKey` of
 * them per instance.
 */
export async function serveSessionStream(
  scope: McpSessionScope,
  key: GatewayKey,
  session: ViewSession,
  context: RequestContext,
  carries: StreamScope,
): Promise<void> {
  const limits = scope.mcp.config.limits;
  if (!scope.mcp.enterStream(key.id))
    return sendJsonRpcError(
      context.sink,
      429,
      ErrorCode.InternalError,
      `This key has ${limits.maxStreamsPerKey} MCP event streams open here already (mcp.limits.maxStreamsPerKey)`,
    );
  const sink = context.sink;
  try {
    sink.startStream(200, 'text/event-stream', { 'cache-control': 'no-cache', [SESSION_HEADER]: session.id });
    const signal = context.signal.asAbortSignal();
    await new Promise<void>((resolve) => {
      const stream: SessionStream = {
        send: (notification) =>
          void sink.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', ...notification })}\n\n`),
        close: () => done(),
        ...carries,
      };
      const remove = session.hub.addStream(session.id, stream);
      let ticks = 0;
      const tick = setInterval(() => {
        ticks += 1;
        if (ticks % SYNCS_PER_KEEP_ALIVE === 0) void sink.write(': keep-alive\n\n');
        void syncSession(session, done).catch(() => undefined);
      }, SYNC_MS);
      tick.unref();
      const done = (): void => {
        clearInterval(tick);
        signal.removeEventListener('abort', done);
        remove();
        resolve();
      };
      if (signal.aborted) return done();
      signal.addEventListener('abort', done, { once: true });
      void syncSession(session, done).catch(() => undefined);
    });
    if (!sink.ended) sink.end();
  } finally {
    scope.mcp.leaveStream(key.id);
  }
}

/**
 * `logging/setLevel`: kept for the caller's session in the state store, so whichever instance
 * holds the session's stream filters the servers' log messages with it (at once when it is this
 * one). Without a session there is no stream to send on: the level is taken and nothing is sent.
 */
export async function setSessionLogLevel(
  session: ViewSession | undefined,
  level: LoggingLevel,
): Promise<Record<string, never>> {
  if (!session) return {};
  const ttl = Math.max(1, session.expiresAt - Date.now());
  await session.store.set(sessionStoreKey('log-level', session.id), level, ttl);
  session.hub.setLogLevel(session.id, level);
  return {};
}

/** Reads the session from the store: `close` when it ended or expired, else its log level and subscriptions held here. */
async function syncSession(session: ViewSession, close: () => void): Promise<void> {
  const ended = await session.store.get(sessionStoreKey('ended', session.id));
  if (ended !== undefined || Date.now() >= session.expiresAt) return close();
  session.hub.setLogLevel(session.id, await storedLogLevel(session.store, session.id));
  await session.hub.sync(session.id, await listedSubscriptions(session.store, session.id));
}

function sealing(scope: McpSessionScope): SessionSealing {
  const compaction = scope.config.responses.compaction;
  return {
    secret: compaction.secret ?? processCompactionSecret(scope.ops.runtime.logger),
    previousSecrets: compaction.previousSecrets,
    ttlMs: scope.mcp.config.limits.sessionTtlMs,
  };
}
