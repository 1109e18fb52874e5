import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkModelName, IrError, unsupported, type IrWarning, type StyleCodec } from '@interlingua/ir';
import { safeJsonParse } from '@interlingua/ir-utils';
import { serviceErrorCodec, type LocalProviderAdapter } from '@interlingua/provider-adapters';
import { keyAllowsModel } from '../auth/api-keys.js';
import type { Gateway } from '../gateway.js';
import { admittedKey, type RequestContext } from '../admit/request-context.js';
import { JSON_CONTENT_TYPE, requireJsonAnswer } from '../http/answer-content-type.js';
import { readBody } from '../http/read-body.js';
import { sendStyleError } from '../http/style-errors.js';
import { bodyLimit } from '../admit/admission.js';
import { asIrError } from '../plan/run-generation.js';
import type { RouteTarget } from '../plan/model-router.js';
import type { ServiceCall, ServiceTarget } from '../services/service-call.js';
import { fetchServiceAnswer, serviceUpstreamRequest } from '../services/service-upstream.js';
import { invalidUpstreamBody } from '../call/translated-path.js';
import { modelNotFound, parseJsonObject } from './generation-route.js';
import type { RouteHandler } from './route-entry.js';
import { createServiceCall } from './service-route.js';

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
export function retrievalRoute<T>(gateway: Gateway, spec: RetrievalRouteSpec<T>): RouteHandler {
  return async (
    request: IncomingMessage & { params?: Record<string, unknown> },
    response: ServerResponse,
    context: RequestContext,
  ): Promise<void> => {
    try {
      const key = admittedKey(context);
      const rawBody = await readBody(request, bodyLimit(gateway, spec.service));
      const { model, input } = spec.read(request, parseJsonObject(rawBody), rawBody);
      checkModelName(model);
      if (!keyAllowsModel(key, model)) {
        throw new IrError({
          kind: 'permission',
          message: `This API key may not use model "${model}"`,
          code: 'model_not_allowed',
          param: 'model',
          source: 'gateway',
        });
      }
      const route = gateway.router.resolve(model);
      if (!route) throw modelNotFound(model);
      const call = createServiceCall(gateway, { request, response, context, service: spec.service, model, route });
      await spec.serve(call, input);
    } catch (error) {
      sendStyleError(context.sink, spec.errorCodec, asIrError(error));
    }
  };
}

/**
 * Refuses, before anything is sent, a call whose route has no provider serving the service
 * (HTTP `services`, or the in-process `member`): a 400 naming the providers. Never a fake answer.
 */
export function requireService(call: ServiceCall, member: 'embed' | 'rerank'): void {
  const serves = call.route.targets.some(({ adapter }) =>
    adapter.kind === 'local' ? adapter[member] !== undefined : adapter.services?.[call.service] !== undefined,
  );
  if (serves) return;
  const providers = [...new Set(call.route.targets.map((target) => `"${target.settings.id}"`))].join(', ') || 'none';
  throw unsupported(
    `${call.service} ${call.service === 'embeddings' ? 'are' : 'is'} not supported by provider ${providers} (model "${call.model}")`,
    'model',
  );
}

/** The route's first target when it is an in-process provider that answers `member` (the mock); the call is then answered locally. */
export function localTarget(
  call: ServiceCall,
  member: 'embed' | 'rerank',
): { target: RouteTarget; adapter: LocalProviderAdapter } | undefined {
  const target = call.route.targets[0];
  if (target?.adapter.kind !== 'local' || !target.adapter[member]) return undefined;
  call.outcome.attempts = 1;
  call.outcome.target = target;
  call.outcome.path = 'local';
  return { target, adapter: target.adapter };
}

/**
 * Sends a JSON body to a service endpoint and returns the answer's raw bytes and parsed JSON.
 * Error statuses become `IrError`s (adapter `mapError` hook first, then the wire's error
 * codec); a body that is not JSON is a 502.
 */
export async function postServiceJson(
  call: ServiceCall,
  serving: ServiceTarget,
  body: string | Buffer,
): Promise<{ bytes: Buffer; json: unknown; contentType: string }> {
  const { target } = serving;
  const endpoint = serving.endpoint.endpoint(target.settings, target.upstreamModel);
  const request = serviceUpstreamRequest(call, serving, endpoint, body, 'application/json');
  const answer = await fetchServiceAnswer(call, serving, request, serviceErrorCodec(serving.endpoint));
  requireJsonAnswer(answer.headers);
  const parsed = safeJsonParse(answer.body.toString('utf8'));
  if (!parsed.ok) throw invalidUpstreamBody(parsed.error);
  return { bytes: answer.body, json: parsed.value, contentType: JSON_CONTENT_TYPE };
}

/** Records a translation on the call: its path and the warnings of both directions. */
export function noteTranslation(
  call: ServiceCall,
  path: string,
  ...warnings: ReadonlyArray<readonly IrWarning[]>
): void {
  call.outcome.path = path;
  call.outcome.warnings = warnings.flat();
}
