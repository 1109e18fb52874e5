import type { GenerationScope, ModelCatalog } from './route-scope.js';
import { bodyTarget, generationRoute } from './generation-route.js';
import { getModelRoute, listModelsRoute } from './models-routes.js';
import type { RouteEntry } from './route-entry.js';
import { OPENAI_CHAT } from '../http/request-styles.js';

/**
 * `/v1/models` and `/v1/chat/completions`, and Azure OpenAI's deployment path
 * (`/openai/deployments/{deployment}/chat/completions?api-version=…`, key in `api-key`), where
 * the deployment names the model, so `AzureOpenAI` clients work unchanged.
 */
export function openAiRoutes(gateway: GenerationScope & ModelCatalog): RouteEntry[] {
  return [
    { method: 'get', path: '/v1/models', handler: listModelsRoute(gateway) },
    { method: 'get', path: '/v1/models/*model', handler: getModelRoute(gateway) },
    { method: 'post', path: '/v1/chat/completions', handler: generationRoute(gateway, { wire: OPENAI_CHAT }) },
    {
      method: 'post',
      path: '/openai/deployments/*deployment/chat/completions',
      handler: generationRoute(gateway, {
        wire: OPENAI_CHAT,
        target: (request, json) => {
          // Deployment names may hold `/` (routed names such as `openai/gpt-4.1`): the SDK does not encode it.
          const segments = (request as { params?: Record<string, unknown> }).params?.deployment;
          const deployment = Array.isArray(segments) ? segments.join('/') : undefined;
          return bodyTarget(request, { ...json, model: deployment ?? json.model });
        },
      }),
    },
  ];
}
