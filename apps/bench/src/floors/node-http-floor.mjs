import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { createUpstreamPool, FLOOR_PATHS, forward, listenAndReport, upstreamOrigin } from './floor-proxy.mjs';

/** Floor 2: node:http + undici `pool.stream()`, the same forwarding without Express. */
const pool = createUpstreamPool(upstreamOrigin());
const paths = new Set(FLOOR_PATHS);
const NOT_FOUND = Buffer.from('{"error":{"message":"no route"}}');

const server = createServer((request, response) => {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (request.method === 'POST' && (paths.has(path) || path.startsWith('/v1beta/models/'))) {
    forward(pool, request, response).catch(() => response.destroy());
    return;
  }
  response.writeHead(404, { 'content-type': 'application/json', 'content-length': NOT_FOUND.length });
  response.end(NOT_FOUND);
});

listenAndReport(server);
