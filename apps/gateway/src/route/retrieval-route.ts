import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkModelName, type StyleCodec } from '@interlingua/ir';
import type { ServiceScope } from './route-scope.js';
import { admittedKey } from '../admit/request-key.js';
import type { RequestContext } from '../context/request-context.js';
import { readBody } from '../http/read-body.js';
import { sendRoutedError } from '../commit/routed-error.js';
import { bodyLimit } from '../admit/admission.js';
import type { ServiceCall } from '../services/service-call.js';
import { parseJsonObject } from './generation-route.js';
import type { RouteHandler } from './route-entry.js';
import { createServiceCall } from './service-route.js';
import { routeForKey } from './route-for-key.js';

/** How one retrieval endpoint (embeddings, rerank) reads its requests and serves them. */
export interface RetrievalRouteSpec<T> {
  service: 'embeddings' | 'rerank';
  /** The caller's error style. */
  errorCodec: StyleCodec<unknown, unknown>;
  /** Validates the request (JSON body, and the URL for Gemini paths): the model and what `serve` needs. Throws a 400 naming the field. */
  read(
    request: IncomingMessage & { params?: Record<string, unknown> },
    json: Record<string, unknown>,
    rawBody: Buffer,
  ): { model: string; input: T };
  serve(call: ServiceCall, input: T): Promise<void>;
}

/**
 * A POST handler for a retrieval service: key, body (bounded by the endpoint's limit), model
 * check against the key, route, then `serve`; every error in the caller's style.
 */
export function retrievalRoute<T>(gateway: ServiceScope, spec: RetrievalRouteSpec<T>): RouteHandler {
  return async (
    request: IncomingMessage & { params?: Record<string, unknown> },
    response: ServerResponse,
    context: RequestContext,
  ): Promise<void> => {
    let call: ServiceCall | undefined;
    try {
      const key = admittedKey(context);
      const rawBody = await readBody(request, bodyLimit(gateway.config, spec.service));
      const { model, input } = spec.read(request, parseJsonObject(rawBody), rawBody);
      checkModelName(model);
      const route = routeForKey(gateway.router, key, model);
      call = createServiceCall(gateway, { request, response, context, service: spec.service, model, route });
      await spec.serve(call, input);
    } catch (error) {
      sendRoutedError(context.sink, spec.errorCodec, error, call?.outcome);
    }
  };
}
