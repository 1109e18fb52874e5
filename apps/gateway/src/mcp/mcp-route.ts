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
import { toolCallRecorder, type McpAccountingRuntime } from './mcp-accounting.js';
import { acceptsEventStream, sendAnswer, sendJsonRpcError, transportRequest } from './mcp-http.js';
import { AGGREGATE_OFFER, createMcpServer, offerOf, type Offer } from './mcp-server.js';
import type { McpUpstreams } from './mcp-upstreams.js';
import type { McpView } from './mcp-view.js';
import type { UpstreamServer } from './upstream-server.js';

/** What the MCP routes read: the instance's upstream servers and what a tool call is accounted with. */
export interface McpRouteScope {
  mcp: McpUpstreams;
  ops: { runtime: McpAccountingRuntime };
}

/** JSON-RPC's code for a message that is not JSON. */
const PARSE_ERROR = -32700;

/**
 * `/mcp` (every server the key may use, names prefixed) and `/mcp/{server}` (one): admitted like
 * the model APIs (key, endpoint `mcp`, RPM). The gateway's side is stateless: each POST is
 * answered by a server made for it, so any instance answers any request. GET and DELETE (a
 * standalone event stream, a session's end) get 405, as the transport allows a stateless server.
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
    if (request.method !== 'POST')
      return sendJsonRpcError(
        context.sink,
        405,
        ErrorCode.ConnectionClosed,
        'This MCP endpoint is stateless: send each JSON-RPC message with POST (no standalone event stream, no session to end)',
        { allow: 'POST' },
      );
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
      };
      await serveMessage(request, context, view, body);
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
    await sendAnswer(context.sink, answer, signal);
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
