import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { IrError } from '@interlingua/ir';
import { findKey, presentedKey, type GatewayKey } from '../auth/api-keys.js';
import { queryKey } from '../auth/query-key.js';

import type { RequestContext } from '../context/request-context.js';
import type { TrackedRequest } from '../observe/request-observer.js';
import { ResponseSink, type AnswerSink } from '../http/response-sink.js';
import { RequestStop } from '../context/request-stop.js';
import { gatewayError } from '../http/style-errors.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A new context for a request: its id (the caller's `x-request-id` when safe), its URL (parsed
 * when first read), the sink its answer goes through, and a signal aborted when the client
 * leaves or the gateway stops the request. Admission makes the one every route gets; only an
 * answer given before or outside any route (404/405, an unexpected error) makes its own.
 */
export function createRequestContext(request: IncomingMessage, response: ServerResponse): RequestContext {
  const given = request.headers['x-request-id'];
  const requestId = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : undefined;
  const context = contextForSink(request.url ?? '/', new ResponseSink(response), requestId);
  response.on('close', () => {
    if (!response.writableFinished) context.abort();
  });
  return context;
}

/**
 * A new context whose answer goes to `sink` (a WebSocket turn's, or an HTTP response's): its id
 * (`requestId` when given, else a new one), named on the answer, and its stop signal. The
 * caller aborts it when its transport closes early.
 */
export function contextForSink(rawUrl: string, sink: AnswerSink, requestId?: string): RequestContext {
  const id = requestId ?? `req_${randomUUID().replace(/-/g, '')}`;
  sink.setHeader('x-request-id', id);
  sink.setHeader('request-id', id);
  return new GatewayRequestContext(id, rawUrl, sink);
}

class GatewayRequestContext implements RequestContext {
  private parsedUrl: URL | undefined;
  readonly signal = new RequestStop();
  key?: GatewayKey;
  tracked?: TrackedRequest;

  constructor(
    readonly requestId: string,
    private readonly rawUrl: string,
    readonly sink: AnswerSink,
  ) {}

  get url(): URL {
    this.parsedUrl ??= new URL(this.rawUrl, 'http://gateway.local');
    return this.parsedUrl;
  }

  abort(reason?: IrError): void {
    this.signal.abort(reason);
  }
}

/** The keys a caller may present: the config's, and those created at runtime when the gateway has a database. */
export interface KeyTables {
  config: readonly GatewayKey[];
  runtime?: { find(presented: string): GatewayKey | undefined } | undefined;
  /** Whether a key in the URL (`?key=`) is accepted (`server.queryKeys`); accepted when left out. */
  queryKeys?: boolean | undefined;
}

const NO_QUERY = new URLSearchParams();

/** The caller's gateway key; 401 when missing, unknown or expired, or only in the URL where that is turned off. */
export function authenticate(
  keys: KeyTables,
  request: { headers: IncomingHttpHeaders },
  query: () => URLSearchParams,
): GatewayKey {
  const queryKeys = keys.queryKeys !== false;
  const presented = presentedKey(request.headers, queryKeys ? query : () => NO_QUERY);
  if (!presented && !queryKeys && queryKey(query()) !== null) {
    throw gatewayError(
      'authentication',
      'API keys in the URL (?key=) are turned off on this gateway (server.queryKeys: false): send the key as "Authorization: Bearer <key>" or in the x-api-key or x-goog-api-key header',
      { code: 'query_key_disabled' },
    );
  }
  if (!presented) throw missingKey();
  const key = findKey(keys.config, presented) ?? keys.runtime?.find(presented);
  if (!key) throw gatewayError('authentication', 'Invalid API key', { code: 'invalid_api_key' });
  if (key.expiresAt !== undefined && key.expiresAt <= Date.now()) {
    throw gatewayError('authentication', `API key "${key.name}" has expired`, { code: 'expired_api_key' });
  }
  return key;
}

/** The key admission authenticated; a route of an API endpoint always has one. */
export function admittedKey(context: RequestContext): GatewayKey {
  if (!context.key) throw missingKey();
  return context.key;
}

function missingKey(): IrError {
  return gatewayError('authentication', 'Missing API key: send it as "Authorization: Bearer <key>"', {
    code: 'missing_api_key',
  });
}
