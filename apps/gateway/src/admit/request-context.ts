import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IrError } from '@interlingua/ir';
import { findKey, presentedKey, type GatewayKey } from '../auth/api-keys.js';
import { findRuntimeKey } from '../admin/operator-state.js';
import type { Gateway } from '../gateway.js';
import { ResponseSink } from '../http/response-sink.js';

/** Per-request plumbing shared by every route. */
export interface RequestContext {
  requestId: string;
  url: URL;
  sink: ResponseSink;
  /** Aborted when the client closes the connection before the answer ended. */
  signal: AbortSignal;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** One context per request: the admission step and the route share it (same id, sink and signal). */
const contexts = new WeakMap<IncomingMessage, RequestContext>();
/** The key a request authenticated with, so the admission step and the route hash it once. */
const authenticated = new WeakMap<IncomingMessage, { gateway: Gateway; key: GatewayKey }>();

export function createRequestContext(request: IncomingMessage, response: ServerResponse): RequestContext {
  const existing = contexts.get(request);
  if (existing) return existing;
  const given = request.headers['x-request-id'];
  const requestId = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : `req_${randomUUID().replace(/-/g, '')}`;
  const sink = new ResponseSink(response);
  sink.setHeader('x-request-id', requestId);
  sink.setHeader('request-id', requestId);
  const controller = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  const context = { requestId, url: new URL(request.url ?? '/', 'http://gateway.local'), sink, signal: controller.signal };
  contexts.set(request, context);
  return context;
}

/** The caller's gateway key; 401 when missing, unknown or expired. */
export function authenticate(gateway: Gateway, request: IncomingMessage, url: URL): GatewayKey {
  const known = authenticated.get(request);
  if (known?.gateway === gateway) return known.key;
  const presented = presentedKey(request.headers, url.searchParams);
  if (!presented) {
    throw new IrError({ kind: 'authentication', message: 'Missing API key: send it as "Authorization: Bearer <key>"', code: 'missing_api_key', source: 'gateway' });
  }
  const key = findKey(gateway.keys, presented) ?? findRuntimeKey(gateway, presented);
  if (!key) throw new IrError({ kind: 'authentication', message: 'Invalid API key', code: 'invalid_api_key', source: 'gateway' });
  if (key.expiresAt !== undefined && key.expiresAt <= Date.now()) {
    throw new IrError({ kind: 'authentication', message: `API key "${key.name}" has expired`, code: 'expired_api_key', source: 'gateway' });
  }
  authenticated.set(request, { gateway, key });
  return key;
}
