import type { IncomingMessage } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { IrError } from '@interlingua/ir';
import { admittedKey } from '../admit/request-key.js';
import type { GatewayKey } from '../auth/api-keys.js';
import { grantAllowsServer } from '../auth/mcp-grant.js';
import type { RequestContext } from '../context/request-context.js';
import { readBody } from '../http/read-body.js';
import type { RouteEntry, RouteHandler } from '../route/route-entry.js';
import { toolCallRecorder } from './mcp-accounting.js';
import { acceptsEventStream, sendAnswer, sendJsonRpcError, transportRequest } from './mcp-http.js';
import { AGGREGATE_OFFER, createMcpServer, offerOf, type Offer } from './mcp-server.js';
import { claimsOfInitialize } from './mcp-session-id.js';
import {
  endSession,
  issueSession,
  serveSessionStream,
  SESSION_HEADER,
  sessionIdOf,
  sessionOfRequest,
  type McpSessionScope,
} from './mcp-sessions.js';
import type { McpUpstreams } from './mcp-upstreams.js';
import type { McpView } from './mcp-view.js';
import type { UpstreamServer } from './upstream-server.js';

/**
 * What the MCP routes read: the instance's upstream servers, what a tool call is accounted with,
 * the keyring that seals session ids and the store that records ended sessions.
 */
export type McpRouteScope = McpSessionScope;

/** JSON-RPC's code for a message that is not JSON. */
const PARSE_ERROR = -32700;

/**
 * `/mcp` (every server the key may use, names prefixed) and `/mcp/{server}` (one): admitted like
 * the model APIs (key, endpoint `mcp`, RPM). Each POST is answered by a server made for it, so any
 * instance answers any request. `initialize` gets a sealed `Mcp-Session-Id` that every instance
 * can check without shared state; a request naming a session is answered 404 when the id is not
 * one of ours, expired or ended. With a session, GET opens its standalone stream on this instance
 * and DELETE ends it; without one, GET and DELETE get 405 (the stateless path).
 */
export function mcpRoutes(scope: McpRouteScope): RouteEntry[] {
  const handler = mcpHandler(scope);
  const methods = ['post', 'get', 'delete'] as const;
  return ['/mcp', '/mcp/:server'].flatMap((path) => methods.map((method) => ({ method, path, handler })));
}

function mcpHandler(scope: McpRouteScope): RouteHandler {
  return async (request, _response, context) => {
    const key = admittedKey(context);
    const named = typeof request.params?.server === 'string' ? request.params.server : undefined;
    const servers = visibleServers(scope.mcp, key, named);
    if (named !== undefined && servers.length === 0)
      return sendJsonRpcError(context.sink, 404, ErrorCode.InvalidRequest, `No MCP server named "${named}"`);
    const sessionId = sessionIdOf(request);
    if (request.method !== 'POST' && sessionId === undefined)
      return sendJsonRpcError(
        context.sink,
        405,
        ErrorCode.ConnectionClosed,
        'Without an Mcp-Session-Id this MCP endpoint is stateless: send each JSON-RPC message with POST (GET and DELETE need the session that initialize gives)',
        { allow: 'POST' },
      );
    const session = sessionId === undefined ? undefined : await sessionOfRequest(scope, key, sessionId, context);
    if (sessionId !== undefined && !session) return;
    if (session && request.method === 'GET') {
      const carries = { servers: new Set(servers.map((server) => server.config.name)), aggregate: named === undefined };
      return serveSessionStream(scope, key, session, context, carries);
    }
    if (session && request.method === 'DELETE') return endSession(scope, session, context);
    if (!scope.mcp.enter(key.id))
      return sendJsonRpcError(
        context.sink,
        429,
        ErrorCode.InternalError,
        `This key has ${scope.mcp.config.limits.maxConcurrentPerKey} MCP requests open here already (mcp.limits.maxConcurrentPerKey)`,
      );
    try {
      const body = await readMessage(request, scope.mcp.config.limits.maxMessageBytes, context);
      if (body === undefined) return;
      const view: McpView = {
        grant: key.mcp,
        servers,
        aggregate: named === undefined,
        callerAuthorization: request.headers.authorization,
        limits: scope.mcp.config.limits,
        record: toolCallRecorder(scope.ops.runtime, context, key),
        session,
      };
      const issued = initializeParams(body);
      const newSession = issued.initialize
        ? issueSession(scope, key, claimsOfInitialize(issued.params, Date.now()))
        : undefined;
      await serveMessage(request, context, view, body, newSession);
    } finally {
      scope.mcp.leave(key.id);
    }
  };
}

/** The servers a request sees: the named one if the key may use it (else none), or every one it may use. */
function visibleServers(mcp: McpUpstreams, key: GatewayKey, named: string | undefined): UpstreamServer[] {
  if (named === undefined) return mcp.all().filter((server) => grantAllowsServer(key.mcp, server.config.name));
  const server = mcp.get(named);
  return server && grantAllowsServer(key.mcp, named) ? [server] : [];
}

/** The message parsed; undefined when it was too large, not UTF-8 or not JSON (answered here with a JSON-RPC error). */
async function readMessage(request: IncomingMessage, maxBytes: number, context: RequestContext): Promise<unknown> {
  let raw: Buffer;
  try {
    raw = await readBody(request, maxBytes);
  } catch (error) {
    const status = error instanceof IrError ? error.status : 400;
    const message =
      status === 413
        ? `The message is larger than ${maxBytes} bytes (mcp.limits.maxMessageBytes)`
        : error instanceof Error
          ? error.message
          : String(error);
    sendJsonRpcError(context.sink, status, status === 413 ? ErrorCode.InvalidRequest : PARSE_ERROR, message);
    return undefined;
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    sendJsonRpcError(context.sink, 400, PARSE_ERROR, 'Parse error: the request body is not JSON');
    return undefined;
  }
}

async function serveMessage(
  request: IncomingMessage,
  context: RequestContext,
  view: McpView,
  body: unknown,
  newSession: string | undefined,
): Promise<void> {
  const server = createMcpServer(view, await offerFor(view));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !acceptsEventStream(request),
  });
  await server.connect(transport);
  const signal = context.signal.asAbortSignal();
  const close = (): void => void server.close().catch(() => undefined);
  signal.addEventListener('abort', close, { once: true });
  try {
    const answer = await transport.handleRequest(transportRequest(request, context.url), { parsedBody: body });
    const issued: Record<string, string> =
      newSession !== undefined && answer.status === 200 ? { [SESSION_HEADER]: newSession } : {};
    await sendAnswer(context.sink, answer, signal, issued);
  } finally {
    signal.removeEventListener('abort', close);
    close();
  }
}

/** What the gateway's server offers: on `/mcp/{server}` its server's kinds (all of them while it cannot be reached). */
async function offerFor(view: McpView): Promise<Offer> {
  const server = view.servers[0];
  if (view.aggregate || !server) return AGGREGATE_OFFER;
  const config = server.config;
  if ('url' in config && config.passCallerToken) return AGGREGATE_OFFER;
  try {
    const client = await server.client();
    return offerOf(client.getServerCapabilities(), client.getInstructions());
  } catch {
    return AGGREGATE_OFFER;
  }
}

/** Whether the message is an `initialize` request (it gets a session id), and its params. */
function initializeParams(body: unknown): { initialize: boolean; params?: unknown } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { initialize: false };
  const message = body as { method?: unknown; params?: unknown; id?: unknown };
  return message.method === 'initialize' && message.id !== undefined
    ? { initialize: true, params: message.params }
    : { initialize: false };
}
