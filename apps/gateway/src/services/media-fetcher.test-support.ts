import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MediaDnsLookup, MediaFetcherOptions, ResolvedAddress } from './media-fetcher.js';

/** 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Fake DNS for media tests: `images.example` is the loopback test server; the other names point
 * at addresses the fetcher must refuse (tests never connect to them: see `loopbackOnlyConnect`).
 */
export const FAKE_DNS: Readonly<Record<string, ResolvedAddress[]>> = {
  'images.example': [{ address: '127.0.0.1', family: 4 }],
  'meta.example': [{ address: '169.254.169.254', family: 4 }],
  'meta6.example': [{ address: 'fd00:ec2::254', family: 6 }],
  'mapped.example': [{ address: '::ffff:169.254.169.254', family: 6 }],
  'private.example': [{ address: '10.1.2.3', family: 4 }],
  'linklocal.example': [{ address: 'fe80::1', family: 6 }],
  'mixed.example': [
    { address: '127.0.0.1', family: 4 },
    { address: '192.168.1.10', family: 4 },
  ],
};

export const fakeLookup: MediaDnsLookup = async (hostname) => {
  const answer = FAKE_DNS[hostname];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer;
};

/** A connect hook that records loopback connections and refuses every other socket. */
export function loopbackOnlyConnect(): { hook: NonNullable<MediaFetcherOptions['beforeConnect']>; connects: string[] } {
  const connects: string[] = [];
  return {
    connects,
    hook(address, port) {
      if (address !== '127.0.0.1' && address !== '::1')
        throw new Error(`test connect hook: refusing a socket to ${address}:${port}`);
      connects.push(`${address}:${port}`);
    },
  };
}

/** Fetcher options for tests: fake DNS, loopback allowed by an explicit list, loopback-only sockets. */
export function testMediaOptions(
  overrides: Partial<MediaFetcherOptions> = {},
): MediaFetcherOptions & { connects: string[] } {
  const connect = loopbackOnlyConnect();
  return {
    maxBytes: 1024 * 1024,
    timeoutMs: 5_000,
    lookup: fakeLookup,
    allowAddresses: ['127.0.0.1'],
    beforeConnect: connect.hook,
    connects: connect.connects,
    ...overrides,
  };
}

export interface ImageServer {
  port: number;
  /** `http://images.example:<port>` (resolved by `fakeLookup`). */
  base: string;
  hits: string[];
  close(): Promise<void>;
}

type Route = (request: IncomingMessage, response: ServerResponse, port: number) => void;

const ROUTES: Record<string, Route> = {
  '/cat.png': (_q, r) =>
    r.writeHead(200, { 'content-type': 'image/png', 'content-length': TINY_PNG.length }).end(TINY_PNG),
  '/cat.gif': (_q, r) => r.writeHead(200, { 'content-type': 'image/gif; charset=binary' }).end(Buffer.from('GIF89a')),
  '/page.html': (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
  '/missing.png': (_q, r) => r.writeHead(404, { 'content-type': 'text/plain' }).end('no'),
  '/big-declared.png': (_q, r) =>
    r.writeHead(200, { 'content-type': 'image/png', 'content-length': 4096 }).end(Buffer.alloc(4096)),
  '/big-chunked.png': (_q, r) => {
    r.writeHead(200, { 'content-type': 'image/png' });
    for (let i = 0; i < 8; i++) r.write(Buffer.alloc(1024));
    r.end();
  },
  '/hang.png': (_q, r) => r.writeHead(200, { 'content-type': 'image/png' }).write(Buffer.alloc(10)),
  '/to-cat': (_q, r, port) => r.writeHead(302, { location: `http://images.example:${port}/cat.png` }).end(),
  '/to-relative': (_q, r) => r.writeHead(301, { location: '/cat.png' }).end(),
  '/to-meta': (_q, r) => r.writeHead(302, { location: 'http://meta.example/latest/meta-data/' }).end(),
  '/to-literal-meta': (_q, r) => r.writeHead(307, { location: 'http://169.254.169.254/computeMetadata/v1/' }).end(),
  '/to-private': (_q, r) => r.writeHead(308, { location: 'http://private.example:8080/admin.png' }).end(),
  '/loop': (_q, r) => r.writeHead(302, { location: '/loop' }).end(),
};

/** A loopback HTTP server with the routes media tests need. */
export async function startImageServer(): Promise<ImageServer> {
  const hits: string[] = [];
  let port = 0;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    hits.push(path);
    const route = ROUTES[path];
    if (route) route(request, response, port);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    base: `http://images.example:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
