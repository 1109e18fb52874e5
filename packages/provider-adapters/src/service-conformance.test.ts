import { sendJson } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_ERROR_CASES, useConformanceUpstream } from './conformance-upstream.test-support.js';
import type { HttpProviderAdapter, ServiceEndpoint, ServiceName } from './provider-adapter.js';
import { BUILT_IN_ADAPTERS } from './registry.js';
import { serviceErrorCodec } from './service-error-codec.js';
import { fetchUpstream } from './transport/upstream-transport.js';

/**
 * The service-level conformance suite: every service of every registered HTTP adapter is sent
 * to its own URL under the provider's base path with the key in a header, and error statuses
 * map to IR kinds through the adapter's `mapError` hook or the wire's error codec. Service-only
 * adapters (`generates: false`) also refuse generation with a 400.
 */
const cases = BUILT_IN_ADAPTERS.filter((adapter): adapter is HttpProviderAdapter => adapter.kind === 'http').flatMap(
  (adapter) =>
    (Object.entries(adapter.services ?? {}) as Array<[ServiceName, ServiceEndpoint]>).map(
      ([service, endpoint]) => [`${adapter.type} ${service}`, adapter, endpoint] as const,
    ),
);

const loopback = useConformanceUpstream();

function send(adapter: HttpProviderAdapter, endpoint: ServiceEndpoint) {
  const target = endpoint.endpoint(loopback.settingsFor(adapter), 'conformance-model');
  return fetchUpstream(
    { url: target.url, headers: { ...target.headers, 'content-type': 'application/json' }, body: '{}' },
    1 << 20,
  );
}

it('covers the service-only providers', () => {
  const types = new Set(cases.map(([, adapter]) => adapter.type));
  for (const type of ['cohere', 'voyage', 'jina', 'tei', 'openai', 'gemini', 'together'])
    expect(types.has(type), type).toBe(true);
});

describe.each(cases)('service %s', (_name, adapter, endpoint) => {
  it('is sent to its own URL under the base path with the key in a header', async () => {
    loopback.reply((_req, res) => sendJson(res, 200, {}));
    const answer = await send(adapter, endpoint);
    expect(answer.status).toBe(200);
    const received = loopback.upstream.requests.at(-1)!;
    expect(received.method).toBe('POST');
    expect(
      received.url.startsWith(`${new URL(loopback.settingsFor(adapter).baseUrl).pathname.replace(/\/$/, '')}/`),
    ).toBe(true);
    expect(Object.values(received.headers).some((value) => String(value).includes('conformance-key'))).toBe(true);
  });

  it.each(CONFORMANCE_ERROR_CASES)('maps an upstream %s error (%i) to its IR kind', async (kind, status) => {
    loopback.reply((_req, res) => sendJson(res, status, `simulated ${kind}`));
    const answer = await send(adapter, endpoint);
    expect(answer.status).toBe(status);
    const body = answer.body.toString('utf8');
    const error =
      adapter.hooks?.mapError?.(answer.status, body) ?? serviceErrorCodec(endpoint).error.toIr(answer.status, body);
    expect(error.kind).toBe(kind);
    expect(error.status ?? status).toBe(status);
  });
});

describe.each(
  BUILT_IN_ADAPTERS.filter(
    (adapter): adapter is HttpProviderAdapter => adapter.kind === 'http' && adapter.generates === false,
  ).map((a) => [a.type, a] as const),
)('service-only provider %s', (_type, adapter) => {
  it('refuses generation with a 400 naming the provider', () => {
    expect(() => adapter.generation({ settings: loopback.settingsFor(adapter), model: 'm', stream: false })).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringContaining(`"${adapter.type}"`) }),
    );
    expect(Object.keys(adapter.services ?? {}).length).toBeGreaterThan(0);
  });
});
