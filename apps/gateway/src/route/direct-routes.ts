import type { IncomingMessage } from 'node:http';
import type { RouteEntry, RouteHandler } from './route-entry.js';

/** A route ending in one wildcard (`/v1beta/models/*rest`): its fixed prefix and the parameter's name. */
interface PrefixRoute {
  method: string;
  prefix: string;
  param: string;
  handler: RouteHandler;
}

/**
 * Finds the route of a request without Express, for the paths every API call takes: fixed paths
 * (`/v1/chat/completions`) by one map lookup, and paths ending in a wildcard
 * (`/v1beta/models/{model}:{method}`) by their prefix, with the wildcard's segments as Express
 * would give them. Only plain spellings are taken (exact case, no percent-escape, no trailing
 * slash): any other spelling is left to Express, which matches it the same way or answers 404/405.
 */
export function directRoutes(
  table: readonly RouteEntry[],
): (request: IncomingMessage, path: string) => RouteHandler | undefined {
  const exact = new Map<string, RouteHandler>();
  const prefixed: PrefixRoute[] = [];
  for (const route of table) {
    const method = route.method.toUpperCase();
    const wildcard = /^([^:*]*\/)\*([A-Za-z]+)$/.exec(route.path);
    if (wildcard)
      prefixed.push({ method, prefix: wildcard[1] as string, param: wildcard[2] as string, handler: route.handler });
    else if (!/[:*]/.test(route.path) && !exact.has(`${method} ${route.path}`))
      exact.set(`${method} ${route.path}`, route.handler);
  }
  return (request, path) => {
    const method = request.method ?? '';
    const handler = exact.get(`${method} ${path}`);
    if (handler !== undefined || path.includes('%') || path.endsWith('/')) return handler;
    for (const route of prefixed) {
      if (route.method !== method || path.length <= route.prefix.length || !path.startsWith(route.prefix)) continue;
      (request as IncomingMessage & { params?: Record<string, unknown> }).params = {
        [route.param]: path.slice(route.prefix.length).split('/'),
      };
      return route.handler;
    }
    return undefined;
  };
}
