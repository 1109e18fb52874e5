import { anthropicPingEvent } from '@interlingua/anthropic-messages';
import { serializeSse } from '@interlingua/ir-utils';
import type { Gateway } from '../gateway.js';
import { sseFramer } from '../http/stream-framer.js';
import { bodyTarget, generationRoute } from './generation-route.js';
import type { RouteEntry } from './route-entry.js';

/** `/v1/messages`: Anthropic Messages callers to any upstream. */
export function anthropicRoutes(gateway: Gateway): RouteEntry[] {
  const ping = serializeSse(anthropicPingEvent());
  return [
    {
      method: 'post',
      path: '/v1/messages',
      handler: generationRoute(gateway, {
        wire: 'anthropic-messages',
        target: (request, json) => ({ ...bodyTarget(request, json), framer: sseFramer(() => ping) }),
      }),
    },
  ];
}
