import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from '../context/request-context.js';

/** Runs one request with the context admission made for it (its id, sink, signal and, on API endpoints, its key). */
export type RouteHandler = (
  request: IncomingMessage & { params?: Record<string, unknown> },
  response: ServerResponse,
  context: RequestContext,
) => Promise<void>;

/** One route the gateway serves: method, Express path and handler. */
export interface RouteEntry {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  handler: RouteHandler;
}
