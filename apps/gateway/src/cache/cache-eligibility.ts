import type { IrRequest, IrResponse } from '@interlingua/ir';
import type { GatewayKey } from '../auth/api-keys.js';
import type { GenerationRequest } from '../context/generation-call.js';
import type { RouteCacheConfig } from '../config/cache-schema.js';
import { OPENAI_RESPONSES } from '../http/request-styles.js';

/** What the response cache does for one request on a cached route. */
export type CacheUse = { kind: 'bypass' } | { kind: 'use'; read: boolean };

/** What eligibility reads of the request. */
export type EligibleRequest = Pick<GenerationRequest, 'inbound' | 'json' | 'headers' | 'rawBody'>;

/**
 * Whether a request on a cached route may use the cache. Kept out (`bypass`): keys with
 * `cache: false`, `Cache-Control: no-store`, several answers asked for (`n`, `candidateCount`),
 * and requests about stored conversation (`store`, a Responses call not sent with `store: false`,
 * `previous_response_id`, `conversation`, compaction). `Cache-Control: no-cache` skips the
 * lookup and refreshes the entry.
 */
export function cacheUse(key: Pick<GatewayKey, 'cache'>, request: EligibleRequest, ir: IrRequest): CacheUse {
  if (key.cache === false) return { kind: 'bypass' };
  const directives = cacheControl(request.headers['cache-control']);
  if (directives.has('no-store')) return { kind: 'bypass' };
  if ((ir.candidateCount ?? 1) > 1) return { kind: 'bypass' };
  if (storedConversation(request)) return { kind: 'bypass' };
  return { kind: 'use', read: !directives.has('no-cache') };
}

/** Whether an answer may be kept: complete, one choice, no tool calls unless the route keeps them. */
export function keepable(response: IrResponse, settings: RouteCacheConfig): boolean {
  if (response.choices.length !== 1) return false;
  for (const choice of response.choices) {
    if (choice.finishReason.unified === 'error' || choice.finishReason.unified === 'pause') return false;
    if (settings.cacheToolCalls !== true && choice.content.some((part) => part.type === 'tool-call')) return false;
  }
  return true;
}

function storedConversation({ inbound, json, rawBody }: EligibleRequest): boolean {
  if (json.store === true || json.previous_response_id != null || json.conversation != null) return true;
  if (inbound.wire !== OPENAI_RESPONSES) return false;
  // Responses keeps answers unless told not to; compaction items carry state of their own.
  return json.store !== false || rawBody.includes('compaction');
}

function cacheControl(header: string | string[] | undefined): Set<string> {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return new Set(
    text
      .split(',')
      .map((directive) => directive.trim().toLowerCase())
      .filter(Boolean),
  );
}
