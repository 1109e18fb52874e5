import type { IncomingMessage, ServerResponse } from 'node:http';

export type RouteHandler = (request: IncomingMessage & { params?: Record<string, unknown> }, response: ServerResponse) => Promise<void>;

/** One route the gateway serves: method, Express path and handler. */
export interface RouteEntry {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  handler: RouteHandler;
}
