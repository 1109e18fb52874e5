import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteEntry } from './route/route-entry.js';

/**
 * The console's built files: `INTERLINGUA_CONSOLE_DIR`; else `dist/console` (the gateway's build
 * copies the console there, so the published package carries it); else `apps/console/dist` beside
 * the gateway (running from `src/`).
 */
export function consoleDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.INTERLINGUA_CONSOLE_DIR) return env.INTERLINGUA_CONSOLE_DIR;
  const packaged = fileURLToPath(new URL('./console/', import.meta.url));
  return existsSync(packaged) ? packaged : fileURLToPath(new URL('../../console/dist/', import.meta.url));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

/**
 * Content Security Policy of every console answer: only the console's own scripts and styles,
 * calls only to this gateway, images and audio also from `data:` and `blob:` (playground
 * answers), no frames, forms or plugins.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/**
 * `/console`: the operator's web console, static files with a strict Content Security Policy.
 * The page holds no secret: the operator signs in with the admin secret, which the page keeps in
 * `sessionStorage` and sends as Bearer to the `/admin` API.
 */
export function consoleRoutes(dir: string = consoleDir()): RouteEntry[] {
  const serve = async (
    request: IncomingMessage & { params?: Record<string, unknown> },
    response: ServerResponse,
  ): Promise<void> => {
    const wanted = request.params?.file;
    const relative = Array.isArray(wanted) ? wanted.join('/') : typeof wanted === 'string' ? wanted : 'index.html';
    await sendFile(dir, relative, response);
  };
  return [
    // Express matches `/console` and `/console/` alike; the page's relative URLs need the slash.
    {
      method: 'get',
      path: '/console',
      handler: async (request, response) =>
        (request.url ?? '').split('?')[0] === '/console' ? redirect(response, '/console/') : serve(request, response),
    },
    { method: 'get', path: '/console/*file', handler: serve },
  ];
}

async function sendFile(dir: string, relative: string, response: ServerResponse): Promise<void> {
  const path = normalize(join(dir, relative));
  const type = TYPES[extname(path)];
  if (!path.startsWith(normalize(dir.endsWith(sep) ? dir : `${dir}${sep}`)) || !type)
    return plain(response, 404, 'Not found');
  let body: Buffer;
  try {
    body = await readFile(path);
  } catch {
    if (relative === 'index.html')
      return plain(
        response,
        503,
        'The console is not built: run `pnpm --filter @interlingua/console build` (pnpm start does it)',
      );
    return plain(response, 404, 'Not found');
  }
  response.writeHead(200, {
    'content-type': type,
    'content-length': body.length,
    'cache-control': relative === 'index.html' ? 'no-store' : 'no-cache',
    ...SECURITY_HEADERS,
  });
  response.end(body);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(308, { location, ...SECURITY_HEADERS });
  response.end();
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
  response.end(text);
}
