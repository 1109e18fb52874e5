import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CorsOptions {
  /** Allowed origins; `*` allows any. Empty = CORS off. */
  origins: readonly string[];
  maxAgeSeconds: number;
}

/** Gateway response headers a browser script may read. */
const EXPOSED_HEADERS = [
  'x-request-id',
  'request-id',
  'x-interlingua-route',
  'x-interlingua-warnings',
  'x-interlingua-cost',
  'x-interlingua-cache',
  'retry-after',
  'x-should-retry',
].join(', ');

/** The operator's paths (admin API, metrics, console), however spelled: never open to other origins. */
const OPERATOR_PATH = /^\/+(?:admin|metrics|console)(?:\/|$)/i;

/**
 * Whether `server.cors` may apply to a path: not to `/admin/*`, `/metrics` or `/console`, in any
 * case, with any number of leading slashes, percent-encoded or not (the router accepts each).
 */
export function corsAppliesTo(path: string): boolean {
  if (OPERATOR_PATH.test(path)) return false;
  if (!path.includes('%')) return true;
  try {
    return !OPERATOR_PATH.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/**
 * CORS for browser apps calling the gateway directly: answers preflights for allowed origins and
 * adds the allow and expose headers to every answer. Requested headers are echoed, so the
 * Anthropic SDK's `anthropic-dangerous-direct-browser-access` and the Stainless headers pass.
 * Returns true when the request was a preflight and has been answered. The operator's paths
 * (`corsAppliesTo`) get no CORS headers at all.
 */
export function applyCors(
  options: CorsOptions,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): boolean {
  const origin = request.headers.origin;
  if (options.origins.length === 0 || typeof origin !== 'string' || !corsAppliesTo(path)) return false;
  const allowed = options.origins.includes('*') || options.origins.includes(origin);
  response.setHeader('vary', 'Origin');
  if (!allowed) return false;
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
  if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return false;
  const requested = request.headers['access-control-request-headers'];
  response.writeHead(204, {
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers':
      typeof requested === 'string' && requested.length > 0 ? requested : 'authorization, content-type',
    'access-control-max-age': String(options.maxAgeSeconds),
    'content-length': '0',
  });
  response.end();
  return true;
}
