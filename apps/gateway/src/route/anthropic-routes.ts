import {
  anthropicCountTokensRequestToIr,
  anthropicCountTokensResponse,
  anthropicPingEvent,
} from '@interlingua/anthropic-messages';
import { serializeSse } from '@interlingua/ir-utils';
import type { GenerationScope, CountTokensScope } from './route-scope.js';
import { sseFramer } from '../http/stream-framer.js';
import { countTokensRoute } from './count-tokens-route.js';
import { bodyTarget, generationRoute } from './generation-route.js';
import type { RouteEntry } from './route-entry.js';
import { ANTHROPIC_MESSAGES } from '../http/request-styles.js';

/**
 * `/v1/messages` (Anthropic Messages callers to any upstream) and `/v1/messages/count_tokens`
 * (native count where the upstream has one, else the local estimate). `?beta=true`, which the
 * SDK's beta surface appends, is accepted on both.
 */
export function anthropicRoutes(gateway: GenerationScope & CountTokensScope): RouteEntry[] {
  const ping = serializeSse(anthropicPingEvent());
  return [
    {
      method: 'post',
      path: '/v1/messages',
      handler: generationRoute(gateway, {
        wire: ANTHROPIC_MESSAGES,
        target: (request, json) => ({ ...bodyTarget(request, json), framer: sseFramer(() => ping) }),
      }),
    },
    {
      method: 'post',
      path: '/v1/messages/count_tokens',
      handler: countTokensRoute(gateway, {
        wire: ANTHROPIC_MESSAGES,
        decode: (json) => anthropicCountTokensRequestToIr(json).value,
        answer: (count) => anthropicCountTokensResponse(count.inputTokens),
      }),
    },
  ];
}
