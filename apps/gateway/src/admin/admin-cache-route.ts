import { invalidRequest } from '@interlingua/ir';
import { auditAdminAction } from './admin-audit.js';
import type { AdminAuthScope } from './admin-scope.js';
import { adminRoute } from './ops-routes.js';
import type { RouteEntry } from '../route/route-entry.js';
import type { CacheClearFilter } from '../cache/answer-store.js';
import { sendAdminJson } from './admin-json-body.js';

/** The longest key id or model name a clear may name. */
const MAX_FILTER_CHARS = 256;

/**
 * `DELETE /admin/cache?keyId=<id>&model=<route>`: removes the response cache's entries of a key,
 * of a route (its `models[].name` as configured), of both together, or every entry when neither is given;
 * answers how many it removed, with an audit line (`cache.clear`).
 */
export function adminCacheRoutes(gateway: AdminAuthScope): RouteEntry[] {
  return [
    {
      method: 'delete',
      path: '/admin/cache',
      handler: adminRoute(gateway, async (request, _response, context) => {
        const filter = clearFilter(context.url.searchParams);
        const cache = gateway.ops.runtime.responseCache;
        const removed = cache ? await cache.store.clear(filter) : 0;
        auditAdminAction(gateway.ops.runtime.logger, request, context, 'cache.clear', {
          keyId: filter.keyId ?? null,
          model: filter.model ?? null,
          removed,
        });
        sendAdminJson(context, 200, { removed });
      }),
    },
  ];
}

function clearFilter(params: URLSearchParams): CacheClearFilter {
  const filter: CacheClearFilter = {};
  for (const name of ['keyId', 'model'] as const) {
    const value = params.get(name);
    if (value === null) continue;
    if (value.length === 0 || value.length > MAX_FILTER_CHARS)
      throw invalidRequest(`${name}: give 1 to ${MAX_FILTER_CHARS} characters`, name);
    filter[name] = value;
  }
  return filter;
}
