import type { Gateway } from '../gateway.js';
import { generationRoute } from './generation-route.js';
import type { RouteEntry } from './route-entry.js';

/** `/v1/responses`: OpenAI Responses callers to any upstream. */
export function responsesRoutes(gateway: Gateway): RouteEntry[] {
  return [{ method: 'post', path: '/v1/responses', handler: generationRoute(gateway, { wire: 'openai-responses' }) }];
}
