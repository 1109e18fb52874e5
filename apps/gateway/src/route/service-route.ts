import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkModelName, invalidRequest } from '@interlingua/ir';
import { codecFor, type ServiceName } from '@interlingua/provider-adapters';
import type { ServiceScope } from './route-scope.js';
import { admittedKey } from '../admit/request-key.js';
import type { RequestContext } from '../context/request-context.js';
import { sendRoutedError } from '../commit/routed-error.js';
import { attachCall } from '../observe/request-observer.js';
import { runServiceCall, type ServeOnTarget, type ServiceCall } from '../services/service-call.js';
import type { ResolvedRoute } from '../plan/model-router.js';
import { routeForKey } from './route-for-key.js';
import { CallOutcome } from '../context/call-outcome.js';
import { OPENAI_CHAT } from '../http/request-styles.js';
import type { RouteEntry } from './route-entry.js';

/** A request of a non-generation service as its route read it. */
export interface ServiceRequest<Input> {
  model: string;
  input: Input;
}

export interface ServiceRouteSpec<Input> {
  service: ServiceName;
  /** Reads and validates the request body (after the key was checked); throws an `IrError` for the caller. */
  read(request: IncomingMessage): Promise<ServiceRequest<Input>>;
  /** How one target serves it. */
  serve(call: ServiceCall, input: Input): ServeOnTarget;
  /** Answers in process when the route's first target is a local provider (the mock) serving it; true when it did. */
  local?(call: ServiceCall, input: Input): Promise<boolean>;
}

/**
 * A POST handler for a service of the OpenAI API beside generation (images, audio): checks the
 * key, reads the body, routes the model, and runs the call over the route's targets. Every error
 * is answered in OpenAI's error shape.
 */
export function serviceRoute<Input>(gateway: ServiceScope, spec: ServiceRouteSpec<Input>) {
  const codec = codecFor(OPENAI_CHAT);
  return async (request: IncomingMessage, response: ServerResponse, context: RequestContext): Promise<void> => {
    let call: ServiceCall | undefined;
    try {
      const key = admittedKey(context);
      const { model, input } = await spec.read(request);
      checkModelName(model);
      const route = routeForKey(gateway.router, key, model);
      call = createServiceCall(gateway, { request, response, context, service: spec.service, model, route });
      if (!(await spec.local?.(call, input))) await runServiceCall(call, spec.serve(call, input));
    } catch (error) {
      sendRoutedError(context.sink, codec, error, call?.outcome);
    }
  };
}

/** The POST routes of one service family: each path with its service and reader, served by the family's `serve` and `local`. */
export function serviceRoutes<Input>(
  gateway: ServiceScope,
  family: Pick<ServiceRouteSpec<Input>, 'serve' | 'local'>,
  routes: Array<[path: string, service: ServiceName, read: ServiceRouteSpec<Input>['read']]>,
): RouteEntry[] {
  return routes.map(([path, service, read]) => ({
    method: 'post',
    path,
    handler: serviceRoute(gateway, { ...family, service, read }),
  }));
}

/** What a service call is made of, once its route has read the request and resolved the model. */
export interface ServiceCallParts {
  request: IncomingMessage;
  response: ServerResponse;
  context: RequestContext;
  service: ServiceName;
  model: string;
  route: ResolvedRoute;
}

/**
 * A new service call, handed to the request's tracker at once (as the generation route does),
 * so its log line, metrics and key charge see its provider, model and usage.
 */
export function createServiceCall(gateway: ServiceScope, parts: ServiceCallParts): ServiceCall {
  const { request, response, context } = parts;
  const call: ServiceCall = {
    service: parts.service,
    model: parts.model,
    route: parts.route,
    requestId: context.requestId,
    headers: request.headers,
    signal: context.signal,
    sink: context.sink,
    destroy: () => response.destroy(),
    maxUpstreamBodyBytes: gateway.config.server.maxUpstreamBodyBytes,
    outcome: new CallOutcome(),
    ops: gateway.ops.call,
  };
  attachCall(context, call);
  return call;
}

/** The routing model of a service request: the gateway routes by model, so it is required even where OpenAI has a default. */
export function requiredModel(model: string | undefined): string {
  if (model === undefined || model === '')
    throw invalidRequest('model: a model name is required (the gateway routes requests by model)', 'model');
  return model;
}
