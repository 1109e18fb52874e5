import type { IrErrorKind } from '@interlingua/ir';
import { sendJson, startLoopbackUpstream, type LoopbackUpstream, type UpstreamHandler } from '@interlingua/testkit';
import { afterAll, beforeAll } from 'vitest';
import type { HttpProviderAdapter, ProviderSettings } from './provider-adapter.js';
import { closeDefaultDispatcher } from './transport/upstream-transport.js';

/** Error statuses every conformance suite maps back to IR kinds. */
export const CONFORMANCE_ERROR_CASES: Array<[IrErrorKind, number]> = [
  ['authentication', 401],
  ['rate-limit', 429],
  ['upstream-error', 500],
];

export interface ConformanceUpstream {
  /** The loopback server (started before the suite, closed after it). */
  readonly upstream: LoopbackUpstream;
  /** How the loopback answers from now on. */
  reply(handler: UpstreamHandler): void;
  /** Settings pointing an adapter at the loopback, under the adapter's own base path, with a test key. */
  settingsFor(adapter: HttpProviderAdapter): ProviderSettings;
}

/** Registers a loopback upstream for a conformance suite. */
export function useConformanceUpstream(): ConformanceUpstream {
  let handler: UpstreamHandler = (_request, response) => sendJson(response, 500, {});
  let upstream: LoopbackUpstream | undefined;
  beforeAll(async () => {
    upstream = await startLoopbackUpstream((req, res) => handler(req, res));
  });
  afterAll(async () => {
    await upstream?.close();
    await closeDefaultDispatcher();
  });
  const started = (): LoopbackUpstream => {
    if (!upstream) throw new Error('the conformance upstream is not started yet');
    return upstream;
  };
  return {
    get upstream() {
      return started();
    },
    reply(next) {
      handler = next;
    },
    settingsFor(adapter) {
      const basePath = new URL(adapter.defaultBaseUrl ?? 'http://placeholder/v1').pathname.replace(/\/$/, '');
      return {
        id: adapter.type,
        type: adapter.type,
        baseUrl: `${started().url}${basePath}`,
        apiKey: 'conformance-key',
        headers: {},
        forwardHeaders: [],
        api: 'chat',
        options: {},
      };
    },
  };
}
