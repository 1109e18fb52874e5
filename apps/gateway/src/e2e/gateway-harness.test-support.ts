import type { DestinationStream } from 'pino';
import { startLoopbackUpstream, type LoopbackUpstream, type UpstreamHandler } from '@interlingua/testkit';
import { closeDefaultDispatcher } from '@interlingua/provider-adapters';
import { configSchema, type GatewayConfig } from '../config/config-schema.js';
import { setRequestLogging } from '../observe/request-log.js';
import { startGateway, type RunningGateway } from '../server.js';
import type { StateStore } from '../store/state-store.js';

export const GATEWAY_KEY = 'test-gateway-key';

setRequestLogging(false);

export interface Harness {
  gateway: RunningGateway;
  upstream: LoopbackUpstream;
  /** Base URL of the gateway, e.g. `http://127.0.0.1:5123`. */
  url: string;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Providers beside the loopback one (`upstream`) and `mock`. */
  providers?: unknown[];
  models?: unknown[];
  keys?: unknown[];
  /** Fields of the `upstream` provider (its type defaults to `openai`). */
  upstreamProvider?: Record<string, unknown>;
  /** Further config sections (`responses`, …), as in a config file; `server` fields beside the loopback host and port. */
  sections?: Record<string, unknown>;
  /** Where the gateway's log lines go (stdout by default). */
  logDestination?: DestinationStream;
  /** The state store (one the config makes by default): two harnesses given one share it, as a fleet shares Redis. */
  store?: StateStore;
}

/**
 * The gateway on an ephemeral port with an explicit config: provider `upstream` pointing at a
 * loopback server, provider `mock`, routes `up/*` and `mock`, and one key (`GATEWAY_KEY`).
 */
export async function startHarness(handler: UpstreamHandler, options: HarnessOptions = {}): Promise<Harness> {
  const upstream = await startLoopbackUpstream(handler);
  const providerType = (options.upstreamProvider?.type as string | undefined) ?? 'openai';
  const baseUrl =
    providerType === 'openai' || providerType === 'openai-compatible' ? `${upstream.url}/v1` : upstream.url;
  const config: GatewayConfig = configSchema.parse({
    // No retries unless a test asks (`sections.routing`): a failing upstream answers at once.
    routing: { retries: 0 },
    ...options.sections,
    server: { ...(options.sections?.server as Record<string, unknown> | undefined), host: '127.0.0.1', port: 0 },
    keys: options.keys ?? [{ name: 'test', secret: GATEWAY_KEY }],
    providers: [
      { id: 'upstream', type: providerType, baseUrl, apiKey: 'upstream-secret', ...options.upstreamProvider },
      { id: 'mock', type: 'mock' },
      ...(options.providers ?? []),
    ],
    models: [
      { name: 'up/*', targets: [{ provider: 'upstream' }] },
      { name: 'mock', targets: [{ provider: 'mock' }] },
      ...(options.models ?? []),
    ],
  });
  const gateway = await startGateway(config, {
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    ...(options.store ? { store: options.store } : {}),
  });
  return {
    gateway,
    upstream,
    url: gateway.url,
    async close() {
      await gateway.close();
      await upstream.close();
      await closeDefaultDispatcher();
    },
  };
}

/** A log destination that keeps every line, parsed (tests read the gateway's log lines). */
export function logCollector(): { destination: DestinationStream; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  return {
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    lines,
  };
}
