import type { IncomingMessage, ServerResponse } from 'node:http';
import { IrError } from '@interlingua/ir';
import { keyAllowsEndpoint } from '../auth/api-keys.js';
import type { EndpointName } from '../config/operations-schema.js';
import type { Gateway } from '../gateway.js';
import { authenticate, createRequestContext } from './request-context.js';
import { errorCodecForPath, sendStyleError } from '../http/style-errors.js';
import { trackRequest } from '../observe/request-observer.js';
import { asIrError } from '../plan/run-generation.js';
import { endpointOfPath } from './endpoint-of-request.js';
import { admitKey } from './key-limiter.js';

/**
 * The front door of every API endpoint, before its route runs: tracks the request (log line,
 * metrics, usage charge when it closes), then checks the key (401 missing, unknown or expired),
 * the key's endpoints (403), the declared body size against the endpoint's limit (413), and the
 * key's RPM, TPM and budgets in one store call (429 with `retry-after`). Errors are in the style
 * the path implies. Routes still authenticate (cheap) and check the model against the key.
 */
export function admissionMiddleware(gateway: Gateway) {
  return (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): void => {
    const raw = request.url ?? '/';
    const query = raw.indexOf('?');
    const path = query === -1 ? raw : raw.slice(0, query);
    const endpoint = endpointOfPath(path);
    if (!endpoint) return next();
    const context = createRequestContext(request, response);
    const entry = trackRequest(gateway, request, response, endpoint, context.requestId);
    const refuse = (error: unknown): void => sendStyleError(context.sink, errorCodecForPath(path, request.headers), asIrError(error));
    try {
      if (gateway.ops.runtime.draining) throw shuttingDown();
      checkDeclaredSize(request, bodyLimit(gateway, endpoint));
      const key = authenticate(gateway, request, context.url);
      entry.key = key;
      if (!keyAllowsEndpoint(key, endpoint)) {
        throw new IrError({ kind: 'permission', message: `This API key may not use the ${endpoint} endpoint`, code: 'endpoint_not_allowed', source: 'gateway' });
      }
      admitKey(gateway.store, key, Date.now(), gateway.ops.runtime.storeError).then(() => {
        entry.admitted = true;
        next();
      }, refuse);
    } catch (error) {
      refuse(error);
    }
  };
}

/** The largest request body an endpoint accepts: `limits.maxBodyBytes.<endpoint>`, else `server.maxBodyBytes`. */
export function bodyLimit(gateway: Gateway, endpoint: EndpointName): number {
  return gateway.config.limits.maxBodyBytes[endpoint] ?? gateway.config.server.maxBodyBytes;
}

/** Upload limits of a multipart endpoint: its body limit, and per file the smaller of that and `maxFileBytes`. */
export function uploadLimits(gateway: Gateway, endpoint: 'images' | 'audio', maxFileBytes: number): { maxTotalBytes: number; maxFileBytes: number } {
  const total = bodyLimit(gateway, endpoint);
  return { maxTotalBytes: total, maxFileBytes: Math.min(maxFileBytes, total) };
}

function checkDeclaredSize(request: IncomingMessage, limit: number): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    throw new IrError({ kind: 'request-too-large', message: `Request body is larger than the limit of ${limit} bytes`, source: 'gateway' });
  }
}

function shuttingDown(): IrError {
  return new IrError({ kind: 'overloaded', status: 503, message: 'The gateway is shutting down; retry on another instance', source: 'gateway' });
}
