import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CorsOptions {
  /** Allowed origins; `*` allows any. Empty = CORS off. */
  origins: readonly string[];
  maxAgeSeconds: number;
}

/** Gateway response headers a browser script may read. */
const EXPOSED_HEADERS = ['x-request-id', 'request-id', 'x-interlingua-route', 'x-interlingua-warnings', 'x-interlingua-cost', 'retry-after', 'x-should-retry'].join(', ');

/**
 * CORS for browser apps calling the gateway directly: answers preflights for allowed origins and
 * adds the allow and expose headers to every answer. Requested headers are echoed, so the
 * Anthropic SDK's `anthropic-dangerous-direct-browser-access` and the Stainless headers pass.
 * Returns true when the request was a preflight and has been answered.
 */
export function applyCors(options: CorsOptions, request: IncomingMessage, response: ServerResponse): boolean {
  const origin = request.headers.origin;
  if (options.origins.length === 0 || typeof origin !== 'string') return false;
  const allowed = options.origins.includes('*') || options.origins.includes(origin);
  response.setHeader('vary', 'Origin');
  if (!allowed) return false;
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
  if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return false;
  const requested = request.headers['access-control-request-headers'];
  response.writeHead(204, {
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': typeof requested === 'string' && requested.length > 0 ? requested : 'authorization, content-type',
    'access-control-max-age': String(options.maxAgeSeconds),
    'content-length': '0',
  });
  response.end();
  return true;
}
