import type { Gateway } from '../gateway.js';
import { generationRoute } from './generation-route.js';
import { getModelRoute, listModelsRoute } from './models-routes.js';
import type { RouteEntry } from './route-entry.js';

/** `/v1/models` and `/v1/chat/completions`. */
export function openAiRoutes(gateway: Gateway): RouteEntry[] {
  return [
    { method: 'get', path: '/v1/models', handler: listModelsRoute(gateway) },
    { method: 'get', path: '/v1/models/*model', handler: getModelRoute(gateway) },
    { method: 'post', path: '/v1/chat/completions', handler: generationRoute(gateway, { wire: 'openai-chat' }) },
  ];
}
