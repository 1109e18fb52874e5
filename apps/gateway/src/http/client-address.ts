import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { parseAddressRange, type TrustProxy } from '../config/trust-proxy-schema.js';

/** What the client address is read from: the request's headers and the socket's peer address. */
export interface AddressedRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
}

const compiled = new WeakMap<readonly string[], BlockList>();

/**
 * The address of the client behind a request. Without trusted proxies (`trustProxy: false`), or
 * when the peer is not one of them, it is the socket's peer address. Otherwise the
 * `X-Forwarded-For` addresses are read from the right (each proxy appends the address it saw):
 * with `true` the last one (one proxy hop), with a list the first one outside the list. A
 * header that names no address there leaves the last trusted hop's. IPv4-mapped IPv6 addresses
 * read as IPv4.
 */
export function clientAddress(request: AddressedRequest, trust: TrustProxy): string {
  const peer = normalized(request.socket.remoteAddress ?? '') || 'unknown';
  if (trust === false || (trust !== true && !trusted(peer, trust))) return peer;
  const hops = forwardedFor(request.headers);
  if (trust === true) return hops.at(-1) ?? peer;
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    client = hops[i] ?? client;
    if (!trusted(client, trust)) return client;
  }
  return client;
}

/** The valid addresses of the `X-Forwarded-For` headers, left to right, up to the first that is not an address. */
function forwardedFor(headers: IncomingHttpHeaders): string[] {
  const value = headers['x-forwarded-for'];
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  const hops: string[] = [];
  for (const part of text.split(',')) {
    const address = normalized(part.trim());
    // Only the addresses right of anything malformed were appended by proxies in order.
    if (!address) hops.length = 0;
    else hops.push(address);
  }
  return hops;
}

function normalized(address: string): string {
  const unmapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  return isIP(unmapped) === 0 ? '' : unmapped.toLowerCase();
}

function trusted(address: string, proxies: readonly string[]): boolean {
  let list = compiled.get(proxies);
  if (!list) {
    list = new BlockList();
    for (const entry of proxies) {
      const range = parseAddressRange(entry);
      if (range) list.addSubnet(range.address, range.prefix, range.family);
    }
    compiled.set(proxies, list);
  }
  return list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}
