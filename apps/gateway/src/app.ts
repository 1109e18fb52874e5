import type { RequestListener } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Gateway } from './gateway.js';
import { applyCors } from './http/cors.js';
import { createRequestContext } from './admit/request-key.js';
import { errorCodecForPath, sendStyleError, gatewayError } from './http/style-errors.js';
import { anthropicRoutes } from './route/anthropic-routes.js';
import { geminiRoutes } from './route/gemini-routes.js';
import { openAiRoutes } from './route/openai-routes.js';
import { responsesCreateSpec, responsesRoutes, responsesState } from './route/responses-routes.js';
import type { ResponsesState } from './responses/responses-targets.js';
import { generationRun, type GenerationRunner } from './route/generation-route.js';
import { opsRoutes } from './admin/ops-routes.js';
import type { RouteEntry } from './route/route-entry.js';
import { directRoutes } from './route/direct-routes.js';
import { answerUnexpected, serveRoute } from './route/serve-route.js';
import { refuseMalformedPath } from './route/malformed-path.js';
import { imagesRoutes } from './route/images-routes.js';
import { audioRoutes } from './route/audio-routes.js';
import { embeddingsRoutes } from './route/embeddings-routes.js';
import { rerankRoutes } from './route/rerank-routes.js';
import { adminKeyRoutes } from './admin/admin-key-routes.js';
import { adminConsoleRoutes } from './admin/admin-console-api.js';
import { adminCacheRoutes } from './admin/admin-cache-route.js';
import { adminTeamRoutes } from './admin/admin-team-routes.js';
import { adminTokenRoutes } from './admin/admin-token-routes.js';
import { adminAuditRoutes } from './admin/admin-audit-route.js';
import { consoleRoutes } from './console-route.js';
import { signInRoutes } from './signin/sign-in-routes.js';
import { mcpRoutes } from './mcp/mcp-route.js';

/** Every route group; each API style owns one file. */
function routes(gateway: Gateway, responses: ResponsesState): RouteEntry[] {
  return [
    ...openAiRoutes(gateway),
    ...anthropicRoutes(gateway),
    ...responsesRoutes(gateway, responses),
    ...geminiRoutes(gateway),
    ...opsRoutes(gateway),
    ...imagesRoutes(gateway),
    ...audioRoutes(gateway),
    ...embeddingsRoutes(gateway),
    ...rerankRoutes(gateway),
    ...adminKeyRoutes(gateway),
    ...adminCacheRoutes(gateway),
    ...adminConsoleRoutes(gateway),
    ...adminTeamRoutes(gateway),
    ...adminTokenRoutes(gateway),
    ...adminAuditRoutes(gateway),
    // Before the console's files: `/console/*file` would otherwise take the sign-in paths.
    ...signInRoutes(gateway),
    ...mcpRoutes(gateway),
    ...consoleRoutes(),
  ];
}

/** What a gateway serves: its HTTP listener, and `POST /v1/responses` for the WebSocket mode's turns (same state). */
export interface GatewayServing {
  listener: RequestListener;
  /** Runs one `response.create` of the Responses WebSocket mode through the generation path. */
  createResponse: GenerationRunner;
}

export function createGatewayServing(gateway: Gateway): GatewayServing {
  const responses = responsesState(gateway);
  return {
    listener: gatewayListener(gateway, routes(gateway, responses)),
    createResponse: generationRun(gateway, responsesCreateSpec(responses)),
  };
}

/**
 * The gateway's request listener. The paths API calls take (fixed paths, and Gemini's
 * `/v1beta/models/{model}:{method}`) are found without Express and served straight from
 * `node:http`; other routes, unknown paths (JSON 404/405), unusual spellings and malformed
 * percent-escapes go through the Express app. Both apply CORS first and run the same admission
 * and handler.
 */
function gatewayListener(gateway: Gateway, table: readonly RouteEntry[]): RequestListener {
  const cors = gateway.config.server.cors;
  const direct = directRoutes(table);
  const app = createApp(gateway, table);
  return (request, response) => {
    const raw = request.url ?? '/';
    const query = raw.indexOf('?');
    const path = query === -1 ? raw : raw.slice(0, query);
    const handler = direct(request, path);
    if (handler !== undefined) {
      if (!applyCors(cors, request, response, path)) serveRoute(gateway, handler, request, response, path);
    } else if (!refuseMalformedPath(gateway, request, response, path)) app(request, response);
  };
}

/** The Express app: exact routes, no body parsers (handlers read raw bytes), JSON 404/405. */
function createApp(gateway: Gateway, table: readonly RouteEntry[]): Express {
  const app = express();
  app.disable('etag');
  app.disable('x-powered-by');
  const cors = gateway.config.server.cors;
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!applyCors(cors, request, response, request.path)) next();
  });
  for (const route of table) {
    app[route.method](route.path, (request: Request, response: Response) =>
      serveRoute(gateway, route.handler, request, response, request.path),
    );
  }
  app.use((request: Request, response: Response) => unmatched(table, request, response));
  app.use((error: unknown, request: Request, response: Response, _next: NextFunction) =>
    answerUnexpected(request, response, request.path, error),
  );
  return app;
}

function unmatched(table: readonly RouteEntry[], request: Request, response: Response): void {
  const context = createRequestContext(request, response);
  const path = request.path;
  const methods = table.filter((route) => pathMatches(route.path, path)).map((route) => route.method.toUpperCase());
  const error =
    methods.length > 0
      ? gatewayError(
          'invalid-request',
          `Method ${request.method} is not allowed on ${path}; use ${methods.join(', ')}`,
          { status: 405, code: 'method_not_allowed' },
        )
      : gatewayError('not-found', `No route for ${request.method} ${path}`, { code: 'unknown_route' });
  if (methods.length > 0) context.sink.setHeader('allow', methods.join(', '));
  sendStyleError(context.sink, errorCodecForPath(path, request.headers), error);
}

function pathMatches(pattern: string, path: string): boolean {
  const source = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\/\*[A-Za-z]+/g, '/.+')
    .replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${source}$`).test(path);
}
