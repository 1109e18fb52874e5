import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IrError } from '@interlingua/ir';
import { type StyleCodec } from '@interlingua/ir';
import { keyAllowsEndpoint, type GatewayKey } from '../auth/api-keys.js';
import type { EndpointName } from '../config/operations-schema.js';
import type { RequestContext } from '../context/request-context.js';
import type { RequestHead } from '../http/request-head.js';
import type { GatewayConfig } from '../config/config-schema.js';
import type { Gateway } from '../gateway.js';
import { errorCodecForPath, sendStyleError, asIrError, gatewayError } from '../http/style-errors.js';
import { trackRequest, type ObserverScope } from '../observe/request-observer.js';
import { bodyLimit, checkDeclaredSize, type BodyLimitConfig } from './body-limits.js';
import { endpointOfPath } from './endpoint-of-request.js';
import { holdReservations } from '../accounting/budget-reservation-metric.js';
import { admitKey } from '../accounting/key-limiter.js';
import { authenticate, createRequestContext } from './request-key.js';

export { bodyLimit, uploadLimits } from './body-limits.js';

type Runtime = Gateway['ops']['runtime'];

/**
 * What admission touches: the body limits, the store-failure policy and `server.queryKeys` of the config, the
 * configured and runtime keys, the store (limits), the runtime's draining flag, and what the
 * request's observer touches.
 */
export interface AdmissionScope extends ObserverScope {
  config: BodyLimitConfig &
    Pick<GatewayConfig, 'limits' | 'logging'> & { server: Pick<GatewayConfig['server'], 'queryKeys'> };
  keys: Gateway['keys'];
  store: Gateway['store'];
  ops: { runtime: ObserverScope['ops']['runtime'] & Pick<Runtime, 'draining' | 'runtimeKeys' | 'storeError'> };
}

/**
 * The front door of every route: makes the request's one context and, on an API endpoint,
 * follows the request (log line, metrics, usage charge when it closes), refuses it while the
 * gateway drains (503), checks the declared body size (413), authenticates the key once (401),
 * checks the key's endpoints (403) and its RPM, TPM and budgets in one store call (429 with
 * `retry-after`). A refusal is answered here, in the style the path implies, and gives
 * `undefined`; otherwise the route runs with the context.
 */
export async function admitRequest(
  gateway: AdmissionScope,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<RequestContext | undefined> {
  const context = createRequestContext(request, response);
  const endpoint = endpointOfPath(path);
  if (!endpoint) return context;
  const admitted = await admitContext(gateway, context, request, endpoint, () =>
    errorCodecForPath(path, request.headers),
  );
  return admitted ? context : undefined;
}

/**
 * Admission of a request whose context is made (an HTTP request's, or a Responses WebSocket
 * turn's): follows it, then the drain, declared size, key, endpoint and limit checks. A refusal
 * is answered on the context's sink with `codec` and gives false.
 */
export async function admitContext(
  gateway: AdmissionScope,
  context: RequestContext,
  request: RequestHead,
  endpoint: EndpointName,
  codec: () => StyleCodec<unknown, unknown>,
): Promise<boolean> {
  const tracked = trackRequest(gateway, request, context.sink, endpoint, context.requestId);
  context.tracked = tracked;
  try {
    refuseWhileDraining(gateway.ops.runtime);
    checkDeclaredSize(request, bodyLimit(gateway.config, endpoint));
    const key = authenticate(
      { config: gateway.keys, runtime: gateway.ops.runtime.runtimeKeys, queryKeys: gateway.config.server.queryKeys },
      request,
      () => context.url.searchParams,
    );
    context.key = key;
    tracked.key = key;
    checkEndpointAllowed(key, endpoint);
    tracked.reservations = await admitKey(
      gateway.store,
      key,
      Date.now(),
      gateway.ops.runtime.storeError,
      gateway.config.limits.whenStoreFails,
    );
    holdReservations(gateway.ops.runtime.metrics, tracked.reservations, 1);
    tracked.admitted = true;
    return true;
  } catch (error) {
    sendStyleError(context.sink, codec(), asIrError(error));
    return false;
  }
}

function refuseWhileDraining(runtime: { readonly draining: boolean }): void {
  if (runtime.draining) throw drainingRefusal();
}

/**
 * What a request that reaches an instance while it shuts down gets: 503 in every style (kind
 * `upstream-unavailable`, not `overloaded`, which Anthropic's style answers with 529), the status
 * load balancers retry on another instance (HAProxy `retry-on 503`, nginx `http_503`).
 */
export function drainingRefusal(): IrError {
  return gatewayError('upstream-unavailable', 'The gateway is shutting down; retry on another instance', {
    status: 503,
  });
}

function checkEndpointAllowed(key: GatewayKey, endpoint: EndpointName): void {
  if (!keyAllowsEndpoint(key, endpoint)) {
    throw gatewayError('permission', `This API key may not use the ${endpoint} endpoint`, {
      code: 'endpoint_not_allowed',
    });
  }
}
