import {
  adapterRegistry,
  createDispatcher,
  type ProviderAdapter,
  type ProviderSettings,
} from '@interlingua/provider-adapters';
import { compileKeys, type GatewayKey } from './auth/api-keys.js';
import type { GatewayConfig, ProviderConfig } from './config/config-schema.js';
import { ConfigError } from './config/load-config.js';
import { createGatewayOps, createRuntime, type GatewayOps, type GatewayRuntime } from './operations/gateway-ops.js';
import { ModelRouter, type ProviderEntry } from './plan/model-router.js';
import { MemoryStore } from './store/memory-store.js';
import type { StateStore } from './store/state-store.js';
import { McpUpstreams } from './mcp/mcp-upstreams.js';

/** Everything a request handler needs, built once from the config. */
export interface Gateway {
  config: GatewayConfig;
  keys: GatewayKey[];
  router: ModelRouter;
  providers: ReadonlyMap<string, ProviderEntry>;
  store: StateStore;
  /** Limits, prices, metrics, logs, cooldowns and open requests. */
  ops: GatewayOps;
  /** The MCP servers this instance reaches (`mcp.servers`), connected at first use. */
  mcp: McpUpstreams;
}

export interface GatewayOptions {
  store?: StateStore;
  /** Extra provider adapters beside the built-in ones. */
  adapters?: readonly ProviderAdapter[];
  /** The runtime of a gateway this one replaces (config reload): store, metrics and open requests carry over. */
  runtime?: GatewayRuntime;
  /** The MCP servers of the gateway this one replaces, kept when `mcp` did not change (running processes go on). */
  mcp?: McpUpstreams;
}

export function createGateway(config: GatewayConfig, options: GatewayOptions = {}): Gateway {
  const registry = adapterRegistry(options.adapters);
  const problems: string[] = [];
  const providers = new Map<string, ProviderEntry>();
  config.providers.forEach((provider, index) => {
    const adapter = registry.get(provider.type);
    if (!adapter) {
      problems.push(`providers[${index}].type: unknown provider type "${provider.type}"`);
      return;
    }
    const baseUrl = provider.baseUrl ?? (adapter.kind === 'http' ? adapter.defaultBaseUrl : '') ?? '';
    if (adapter.kind === 'http' && !baseUrl)
      problems.push(`providers[${index}].baseUrl: required for provider type "${provider.type}"`);
    providers.set(provider.id, { adapter, settings: providerSettings(provider, baseUrl) });
  });
  if (problems.length > 0) throw new ConfigError('config', problems);
  const runtime = options.runtime ?? createRuntime(config, options.store ?? new MemoryStore());
  return {
    config,
    keys: compileKeys(config.keys),
    router: new ModelRouter(config.models, providers),
    providers,
    store: runtime.store,
    ops: createGatewayOps(config, runtime),
    mcp: options.mcp ?? new McpUpstreams(config.mcp),
  };
}

function providerSettings(provider: ProviderConfig, baseUrl: string): ProviderSettings {
  const tls = provider.options.tls as { ca?: string | string[]; rejectUnauthorized?: boolean } | undefined;
  return {
    id: provider.id,
    type: provider.type,
    baseUrl,
    ...(provider.apiKey ? { apiKey: provider.apiKey } : {}),
    headers: provider.headers,
    forwardHeaders: provider.forwardHeaders.map((name) => name.toLowerCase()),
    api: provider.api,
    options: provider.options,
    timeouts: provider.timeouts,
    ...(tls || provider.timeouts.connectMs || provider.connections
      ? {
          dispatcher: createDispatcher({
            ...tls,
            name: provider.id,
            ...(provider.timeouts.connectMs ? { connectTimeoutMs: provider.timeouts.connectMs } : {}),
            ...(provider.connections ? { connections: provider.connections } : {}),
          }),
        }
      : {}),
  };
}
