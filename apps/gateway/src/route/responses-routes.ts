import type { Gateway } from '../gateway.js';
import { prepareResponsesCall } from '../responses/responses-call.js';
import type { ResponsesState } from '../responses/responses-targets.js';
import { prepareCompactCall } from '../responses/responses-compaction.js';
import { ResponseStore } from '../responses/response-store.js';
import { UpstreamResponseOwners } from '../responses/upstream-response-owners.js';
import { processCompactionSecret } from '../config/process-compaction-secret.js';
import { storedResponseRoutes } from './stored-response-routes.js';
import { bodyTarget, generationRoute } from './generation-route.js';
import type { RouteEntry } from './route-entry.js';

/**
 * `/v1/responses`: OpenAI Responses callers to any upstream, with the gateway keeping answers
 * that went through the IR (`store`, `previous_response_id`, retrieval), and
 * `/v1/responses/compact`, passed through to OpenAI Responses upstreams and emulated elsewhere.
 */
export function responsesRoutes(gateway: Gateway): RouteEntry[] {
  const config = gateway.config.responses;
  const store = new ResponseStore(gateway.store, config.store);
  const owners = new UpstreamResponseOwners(gateway.store, config.store);
  const state: ResponsesState = {
    store,
    secret: config.compaction.secret ?? processCompactionSecret(gateway.ops.runtime.logger),
    owners,
  };
  return [
    {
      method: 'post',
      path: '/v1/responses',
      handler: generationRoute(gateway, {
        wire: 'openai-responses',
        prepare: (call, key) => prepareResponsesCall(call, key, state),
      }),
    },
    {
      method: 'post',
      path: '/v1/responses/compact',
      handler: generationRoute(gateway, {
        wire: 'openai-responses',
        target: (request, json) => ({ ...bodyTarget(request, json), stream: false }),
        prepare: (call, key) => prepareCompactCall(call, key, state),
      }),
    },
    ...storedResponseRoutes(gateway, store, owners),
  ];
}
