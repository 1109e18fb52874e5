import type { ResponsesScope } from './route-scope.js';
import { prepareResponsesCall } from '../responses/responses-call.js';
import type { ResponsesState } from '../responses/responses-targets.js';
import { prepareCompactCall } from '../responses/responses-compaction.js';
import { ResponseStore } from '../responses/response-store.js';
import { UpstreamResponseOwners } from '../responses/upstream-response-owners.js';
import { processCompactionSecret } from '../config/process-compaction-secret.js';
import { storedResponseRoutes } from './stored-response-routes.js';
import { bodyTarget, generationRoute, type GenerationRouteSpec } from './generation-route.js';
import type { RouteEntry } from './route-entry.js';
import { OPENAI_RESPONSES } from '../http/request-styles.js';

/** The Responses routes' state: the stored answers, their owners upstream and the compaction secret. */
export function responsesState(gateway: ResponsesScope): ResponsesState {
  const config = gateway.config.responses;
  return {
    store: new ResponseStore(gateway.store, config.store),
    secret: config.compaction.secret ?? processCompactionSecret(gateway.ops.runtime.logger),
    previousSecrets: config.compaction.previousSecrets,
    owners: new UpstreamResponseOwners(gateway.store, config.store),
  };
}

/** `POST /v1/responses`, as the HTTP route and each `response.create` of the WebSocket mode run it. */
export function responsesCreateSpec(state: ResponsesState): GenerationRouteSpec {
  return { wire: OPENAI_RESPONSES, prepare: (call, key, outcome) => prepareResponsesCall(call, key, state, outcome) };
}

/**
 * `/v1/responses`: OpenAI Responses callers to any upstream, with the gateway keeping answers
 * that went through the IR (`store`, `previous_response_id`, retrieval), and
 * `/v1/responses/compact`, passed through to OpenAI Responses upstreams and emulated elsewhere.
 */
export function responsesRoutes(
  gateway: ResponsesScope,
  state: ResponsesState = responsesState(gateway),
): RouteEntry[] {
  return [
    { method: 'post', path: '/v1/responses', handler: generationRoute(gateway, responsesCreateSpec(state)) },
    {
      method: 'post',
      path: '/v1/responses/compact',
      handler: generationRoute(gateway, {
        wire: OPENAI_RESPONSES,
        target: (request, json) => ({ ...bodyTarget(request, json), stream: false }),
        prepare: (call, key) => prepareCompactCall(call, key, state),
      }),
    },
    ...storedResponseRoutes(gateway, state.store, state.owners),
  ];
}
