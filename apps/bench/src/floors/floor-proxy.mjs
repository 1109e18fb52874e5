import { Buffer } from 'node:buffer';
import process from 'node:process';
import { undici } from '../dependencies.mjs';

/**
 * The shared core of the two bare floors, configured as the project's performance notes
 * (PERFORMANCE.md items 2–3) describe: one keep-alive undici Pool per upstream origin
 * (256 connections, pipelining 1, keepAliveTimeout 30 s), the inbound body buffered (bounded)
 * and passed as a Buffer, the answer written with `pool.stream(opts, () => res)`, hop-by-hop
 * headers stripped both ways, the upstream request aborted when the client goes away. No JSON
 * work at all: the floor forwards the caller's bytes, swapping only the credentials.
 */

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const UPSTREAM_KEY = 'bench-upstream-key';

/** Connection-level headers that never travel through a proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
]);
/** Headers the floor replaces (credentials, framing, the host). */
const REPLACED = new Set(['host', 'content-length', 'authorization', 'x-api-key', 'x-goog-api-key']);

/** @param {string} origin */
export function createUpstreamPool(origin) {
  return new undici.Pool(origin, {
    connections: 256,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
  });
}

/**
 * The caller's headers minus hop-by-hop ones and credentials, plus the upstream's credentials
 * in the form its API expects.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {string} path
 * @returns {Record<string, string | string[]>}
 */
function upstreamHeaders(headers, path) {
  /** @type {Record<string, string | string[]>} */
  const out = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || REPLACED.has(name)) continue;
    out[name] = value;
  }
  if (path.startsWith('/v1/messages')) out['x-api-key'] = UPSTREAM_KEY;
  else if (path.startsWith('/v1beta/')) out['x-goog-api-key'] = UPSTREAM_KEY;
  else out.authorization = `Bearer ${UPSTREAM_KEY}`;
  return out;
}

/**
 * @param {Record<string, string | string[] | undefined>} headers
 * @returns {Record<string, string | string[]>}
 */
function responseHeaders(headers) {
  /** @type {Record<string, string | string[]>} */
  const out = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/**
 * Reads the whole request body, refusing more than 32 MB.
 * @param {import('node:http').IncomingMessage} request
 * @returns {Promise<Buffer>}
 */
function readBody(request) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    request.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(chunks.length === 1 ? /** @type {Buffer} */ (chunks[0]) : Buffer.concat(chunks, size)),
    );
    request.on('error', reject);
  });
}

/**
 * Forwards one request to the upstream and streams the answer back as it arrives.
 * @param {import('undici').Pool} pool
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export async function forward(pool, request, response) {
  const path = request.url ?? '/';
  const body = await readBody(request);
  const controller = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  try {
    await pool.stream(
      { path, method: 'POST', headers: upstreamHeaders(request.headers, path), body, signal: controller.signal },
      ({ statusCode, headers }) => {
        response.writeHead(statusCode, responseHeaders(headers));
        return response;
      },
    );
  } catch (error) {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const message = JSON.stringify({
      error: { message: `upstream failed: ${error instanceof Error ? error.message : String(error)}` },
    });
    response.writeHead(502, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(message) });
    response.end(message);
  }
}

/** The POST paths both floors serve (Gemini's model paths are matched by prefix). */
export const FLOOR_PATHS = ['/v1/chat/completions', '/v1/messages', '/v1/responses', '/v1/embeddings'];

/**
 * Tunes a floor's server like the gateway's (keep-alive above load-balancer idle timeouts, no
 * request timeout), listens on an ephemeral loopback port and reports it to the parent.
 * @param {import('node:http').Server} server
 */
export function listenAndReport(server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 0;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('disconnect', () => process.exit(0));
}

/** The upstream origin the parent passes as the first argument. */
export function upstreamOrigin() {
  const origin = process.argv[2];
  if (!origin) throw new Error('usage: <floor>.mjs <upstream origin>');
  return origin;
}
