import type { IrModel } from '@interlingua/ir';
import { adapterCapabilities, fetchUpstream, type ProviderSettings } from '@interlingua/provider-adapters';
import { keyAllowsModel, type GatewayKey } from '../auth/api-keys.js';
import type { ModelCatalog } from './route-scope.js';
import { isGlob } from '../config/model-glob.js';
import type { ProviderEntry } from '../plan/model-router.js';
import type { ModelRouteConfig } from '../config/config-schema.js';
import { errorText } from '../http/style-errors.js';

const LIST_TTL_MS = 5 * 60_000;
const LIST_TIMEOUT_MS = 5_000;
const cache = new WeakMap<ProviderSettings, { at: number; models: IrModel[] }>();

/**
 * The models a key may use: every exact route name, and for each prefix route `<p>/*` the
 * upstream's own models as `<p>/<id>` where the provider can list them, else the pattern itself.
 * A provider that can list its models but failed to (down, refused the key, answered nonsense)
 * lists nothing, with a warning in the log: never the pattern, which is no model anyone can call.
 */
export async function listModelsForKey(gateway: ModelCatalog, key: GatewayKey): Promise<IrModel[]> {
  const out = new Map<string, IrModel>();
  for (const route of gateway.router.routes()) {
    const owner = route.targets[0]?.provider ?? 'interlingua';
    // The route itself as a model: its name, owned by its first target's provider.
    const routeModel = (): IrModel => ({
      id: route.name,
      created: 0,
      ownedBy: owner,
      capabilities: routeCapabilities(gateway, route),
    });
    if (!isGlob(route.name)) {
      out.set(route.name, routeModel());
      continue;
    }
    const prefix = /^([^*?]+)\*$/.exec(route.name)?.[1];
    const entry = prefix && route.targets.length === 1 ? gateway.providers.get(owner) : undefined;
    const upstream = entry ? await providerModels(entry, gateway.ops.runtime.logger) : [];
    if (upstream === LISTING_FAILED) continue;
    if (upstream.length === 0) out.set(route.name, routeModel());
    for (const model of upstream) out.set(`${prefix}${model.id}`, { ...model, id: `${prefix}${model.id}` });
  }
  return [...out.values()].filter((model) => keyAllowsModel(key, model.id));
}

/** What a route's providers serve (`chat`, `embeddings`, `rerank`, `images`, `audio`): the union over its targets. */
function routeCapabilities(gateway: Pick<ModelCatalog, 'providers'>, route: ModelRouteConfig): string[] {
  const adapters = route.targets.flatMap((target) => gateway.providers.get(target.provider)?.adapter ?? []);
  const capabilities = [...new Set(adapters.flatMap(adapterCapabilities))];
  return capabilities.length > 0 ? capabilities : ['chat'];
}

/** A provider that lists its models failed to: its prefix route lists nothing this time. */
const LISTING_FAILED = Symbol('listing failed');

async function providerModels(
  entry: ProviderEntry,
  logger: ModelCatalog['ops']['runtime']['logger'],
): Promise<IrModel[] | typeof LISTING_FAILED> {
  const { adapter, settings } = entry;
  if (adapter.kind === 'local') return adapter.listModels(settings);
  if (!adapter.models) return [];
  const cached = cache.get(settings);
  if (cached && Date.now() - cached.at < LIST_TTL_MS) return cached.models;
  const failed = (reason: string): typeof LISTING_FAILED => {
    logger.warn(
      { provider: settings.id, reason },
      'model listing: the provider did not list its models; its prefix route is left out of /v1/models',
    );
    return LISTING_FAILED;
  };
  try {
    const endpoint = adapter.models.endpoint(settings);
    const answer = await fetchUpstream(
      {
        url: endpoint.url,
        method: 'GET',
        headers: endpoint.headers,
        timeouts: { firstByteMs: LIST_TIMEOUT_MS, idleMs: LIST_TIMEOUT_MS },
        ...(settings.dispatcher ? { dispatcher: settings.dispatcher } : {}),
      },
      8 * 1024 * 1024,
    );
    if (answer.status >= 400) return failed(`HTTP ${answer.status}`);
    const models = adapter.models.parse(JSON.parse(answer.body.toString('utf8')) as unknown);
    cache.set(settings, { at: Date.now(), models });
    return models;
  } catch (error) {
    return failed(errorText(error));
  }
}
