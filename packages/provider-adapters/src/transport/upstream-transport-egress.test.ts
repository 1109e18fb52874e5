import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { IrError } from '@interlingua/ir';
import { sendJson, startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import type { Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, fetchUpstream } from './upstream-transport.js';

const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const CERT = fixture('loopback-tls.cert.pem');
const KEY = fixture('loopback-tls.key.pem');

interface ForwardProxy {
  url: string;
  /** What the proxy was asked for: `CONNECT host:port` tunnels or absolute-URI requests. */
  seen: string[];
  close(): Promise<void>;
}

/** A loopback HTTP forward proxy: absolute-URI requests for http targets, and `CONNECT` tunnels. */
async function startForwardProxy(): Promise<ForwardProxy> {
  const seen: string[] = [];
  const server = createHttpServer((req, res) => {
    seen.push(`${req.method ?? 'GET'} ${req.url ?? ''}`);
    const upstream = httpRequest(req.url ?? '', { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, client, head) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    const [host, port] = (req.url ?? '').split(':');
    const target = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      target.write(head);
      target.pipe(client);
      client.pipe(target);
    });
    target.on('error', () => client.destroy());
    client.on('error', () => target.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback HTTPS server with the self-signed test certificate. */
async function startTlsUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpsServer({ cert: CERT, key: KEY }, (_req, res) => sendJson(res, 200, { tls: true }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PROXY_VARIABLES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'] as const;

/** Runs `body` with the proxy variables set to `values` (others unset), then restores them. */
async function withProxyEnv<T>(
  values: Partial<Record<(typeof PROXY_VARIABLES)[number], string>>,
  body: () => Promise<T>,
): Promise<T> {
  const saved = PROXY_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of PROXY_VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
  try {
    return await body();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

let upstream: LoopbackUpstream;
let proxy: ForwardProxy;
const dispatchers: Dispatcher[] = [];
const track = (dispatcher: Dispatcher): Dispatcher => {
  dispatchers.push(dispatcher);
  return dispatcher;
};

beforeAll(async () => {
  upstream = await startLoopbackUpstream((_req, res) => sendJson(res, 200, { ok: true }));
  proxy = await startForwardProxy();
});
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((dispatcher) => dispatcher.close()));
  proxy.seen.length = 0;
});
afterAll(async () => {
  await upstream.close();
  await proxy.close();
});

const upstreamHost = (): string => new URL(upstream.url).host;

describe('egress proxy', () => {
  // HTTP(S)_PROXY is read when the dispatcher is created, NO_PROXY at each request: both stay set throughout.
  it('sends upstream requests through HTTP_PROXY when it is set at dispatcher creation', async () => {
    await withProxyEnv({ HTTP_PROXY: proxy.url }, async () => {
      const dispatcher = track(createDispatcher({}));
      const answer = await fetchUpstream(
        { url: `${upstream.url}/v1/chat/completions`, headers: {}, body: '{}', dispatcher },
        1024,
      );
      expect(answer.status).toBe(200);
    });
    expect(proxy.seen.some((line) => line.includes(upstreamHost()))).toBe(true);
    expect(upstream.requests.at(-1)?.url).toBe('/v1/chat/completions');
  });

  it('goes direct for hosts NO_PROXY lists', async () => {
    await withProxyEnv({ HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' }, async () => {
      const dispatcher = track(createDispatcher({}));
      expect(
        (await fetchUpstream({ url: `${upstream.url}/direct`, headers: {}, body: '{}', dispatcher }, 1024)).status,
      ).toBe(200);
    });
    expect(proxy.seen).toEqual([]);
  });

  it('goes direct when no proxy variable is set', async () => {
    await withProxyEnv({}, async () => {
      const dispatcher = track(createDispatcher({}));
      expect(
        (await fetchUpstream({ url: `${upstream.url}/direct`, headers: {}, body: '{}', dispatcher }, 1024)).status,
      ).toBe(200);
    });
    expect(proxy.seen).toEqual([]);
  });

  it('uses an explicit proxyUrl without any environment variable', async () => {
    await withProxyEnv({}, async () => {
      const dispatcher = track(createDispatcher({ proxyUrl: proxy.url }));
      expect(
        (await fetchUpstream({ url: `${upstream.url}/explicit`, headers: {}, body: '{}', dispatcher }, 1024)).status,
      ).toBe(200);
    });
    expect(proxy.seen.some((line) => line.includes(upstreamHost()))).toBe(true);
  });
});

describe('per-provider TLS options', () => {
  let tlsUpstream: Awaited<ReturnType<typeof startTlsUpstream>>;
  beforeAll(async () => {
    tlsUpstream = await startTlsUpstream();
  });
  afterAll(() => tlsUpstream.close());

  const get = (options: Parameters<typeof createDispatcher>[0]) =>
    fetchUpstream(
      { url: `${tlsUpstream.url}/v1/models`, method: 'GET', headers: {}, dispatcher: track(createDispatcher(options)) },
      1024,
    );

  it('refuses a certificate no trusted authority signed', async () => {
    const error = await withProxyEnv({}, () => get({}).catch((e: unknown) => e));
    expect(error).toBeInstanceOf(IrError);
    expect((error as IrError).data.kind).toBe('upstream-unavailable');
  });

  it('trusts a custom CA given as `ca`', async () => {
    const answer = await withProxyEnv({}, () => get({ ca: CERT, connectTimeoutMs: 2000 }));
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ tls: true });
  });

  it('accepts rejectUnauthorized: false', async () => {
    expect((await withProxyEnv({}, () => get({ rejectUnauthorized: false }))).status).toBe(200);
  });

  it('applies the custom CA to the upstream inside a proxy tunnel', async () => {
    const answer = await withProxyEnv({ HTTPS_PROXY: proxy.url }, () => get({ ca: CERT }));
    expect(answer.status).toBe(200);
    expect(proxy.seen).toEqual([`CONNECT ${new URL(tlsUpstream.url).host}`]);
  });
});
