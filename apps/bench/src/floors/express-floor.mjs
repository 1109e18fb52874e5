import { createServer } from 'node:http';
import { requireDependency } from '../dependencies.mjs';
import { createUpstreamPool, FLOOR_PATHS, forward, listenAndReport, upstreamOrigin } from './floor-proxy.mjs';

/**
 * Floor 1: Express 5 + undici `pool.stream()`, kept thin as PERFORMANCE.md item 3 says: no body
 * parser, no etag, no x-powered-by, exact `app.post(path)` routes, `res.writeHead` + streamed
 * writes (no `res.json()` / `res.send()`), no per-request logging middleware.
 */
const express = /** @type {typeof import('express')} */ (requireDependency('express'));
const pool = createUpstreamPool(upstreamOrigin());
const app = express();
app.disable('etag');
app.disable('x-powered-by');

/**
 * @param {import('express').Request} request
 * @param {import('express').Response} response
 * @param {import('express').NextFunction} next
 */
function proxy(request, response, next) {
  forward(pool, request, response).catch(next);
}
for (const path of FLOOR_PATHS) app.post(path, proxy);
app.post('/v1beta/models/*rest', proxy);

listenAndReport(createServer(app));
