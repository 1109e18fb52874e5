import { lookup as systemLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { IrError } from '@interlingua/ir';
import { buildConnector, Client, type Dispatcher } from 'undici';
import { blockedAddressReason } from './media-address-policy.js';
import { hostAllowListProblem, refusedRange, urlFormProblem } from './media-url-policy.js';
import { gatewayError, errorText } from '../http/style-errors.js';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the system resolver by default). */
export type MediaDnsLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface MediaFetcherOptions {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Time allowed for the whole download, redirects included. */
  timeoutMs: number;
  /** Also fetch from loopback, private and link-local addresses (never from metadata or reserved ones). */
  allowPrivate?: boolean;
  /**
   * When not empty, the only hosts fetched from, on every hop (see `hostMatchesAllowList`). The
   * address checks still apply to the hosts it lets through.
   */
  allowHosts?: readonly string[];
  /** Redirects followed, each one checked like the first URL (default 5). */
  maxRedirects?: number;
  lookup?: MediaDnsLookup;
  /** Exact addresses allowed whatever their range (tests: `127.0.0.1`). */
  allowAddresses?: readonly string[];
  /** Called with the address and port right before a connection opens; throwing refuses it (tests). */
  beforeConnect?: (address: string, port: number) => void;
}

/** A downloaded file. */
export interface FetchedMedia {
  /** The URL the bytes finally came from (after redirects). */
  url: string;
  /** The answer's media type, lower-case, without parameters. */
  mediaType?: string;
  data: Buffer;
}

/** Bytes the downloads of one request may still take, shared by all of them. */
export interface ByteBudget {
  /** The whole allowance, named in the error. */
  readonly limit: number;
  remaining: number;
}

/**
 * Downloads one http(s) URL under the fetcher's limits, and within `budget` when given;
 * failures are `invalid-request` errors naming the URL.
 */
export type MediaFetcher = (url: string, signal?: AbortSignal, budget?: ByteBudget) => Promise<FetchedMedia>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A fetcher for media the caller gave by URL. Every hop's host is resolved, each address checked
 * (loopback, private, link-local, metadata and reserved ranges are refused), and the connection
 * pinned to the checked address, so a DNS answer cannot change between check and connect.
 * Redirects are followed by hand and re-checked; the body is read up to `maxBytes`.
 */
export function createMediaFetcher(options: MediaFetcherOptions): MediaFetcher {
  const maxRedirects = options.maxRedirects ?? 5;
  return async (url, signal, budget) => {
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    let current = parseMediaUrl(url, url);
    try {
      for (let hop = 0; ; hop++) {
        const answer = await fetchOnce(current, url, options, combined, budget);
        if (!('location' in answer)) return answer;
        if (hop >= maxRedirects) throw mediaError(url, `more than ${maxRedirects} redirects`);
        current = parseMediaUrl(new URL(answer.location, current).href, url);
      }
    } catch (error) {
      if (error instanceof IrError) throw error;
      if (deadline.aborted) throw mediaError(url, `no complete answer within ${options.timeoutMs} ms`);
      throw mediaError(url, errorText(error));
    }
  };
}

async function fetchOnce(
  url: URL,
  original: string,
  options: MediaFetcherOptions,
  signal: AbortSignal,
  budget: ByteBudget | undefined,
): Promise<FetchedMedia | { location: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const listed = hostAllowListProblem(host, options);
  if (listed) throw mediaError(original, listed);
  const target = await resolveAllowedAddress(host, original, options);
  const client = pinnedClient(url, host, target, options);
  try {
    const response = await client.request({
      method: 'GET',
      path: `${url.pathname}${url.search}`,
      headers: {
        accept: 'image/*, */*;q=0.5',
        'accept-encoding': 'identity',
        'user-agent': 'interlingua-gateway media fetcher',
      },
      signal,
    });
    const location = firstHeader(response.headers.location);
    if (REDIRECTS.has(response.statusCode) && location) return { location };
    if (response.statusCode !== 200) throw mediaError(original, `the server answered HTTP ${response.statusCode}`);
    const declared = Number(firstHeader(response.headers['content-length']) ?? Number.NaN);
    if (declared > options.maxBytes) throw tooLarge(original, options.maxBytes);
    if (budget && declared > budget.remaining) throw overBudget(original, budget.limit);
    const data = await readLimited(response.body, original, options.maxBytes, budget);
    const mediaType = firstHeader(response.headers['content-type'])?.split(';')[0]?.trim().toLowerCase();
    return { url: url.href, data, ...(mediaType ? { mediaType } : {}) };
  } finally {
    // One connection per hop: closing the client also drops a body left unread.
    await client.destroy().catch(() => undefined);
  }
}

/** The first address of `host`, when none of its addresses lies in a refused range. */
async function resolveAllowedAddress(
  host: string,
  original: string,
  options: MediaFetcherOptions,
): Promise<ResolvedAddress> {
  const version = isIP(host);
  let addresses: ResolvedAddress[];
  if (version === 4 || version === 6) addresses = [{ address: host, family: version }];
  else {
    try {
      addresses = await (options.lookup ?? defaultLookup)(host);
    } catch {
      throw mediaError(original, `the host "${host}" could not be resolved`);
    }
  }
  if (addresses.length === 0) throw mediaError(original, `the host "${host}" could not be resolved`);
  for (const { address } of addresses) {
    if (options.allowAddresses?.includes(address)) continue;
    const reason = refusedRange(blockedAddressReason(address), options);
    if (reason) {
      throw mediaError(
        original,
        `the host "${host}" resolves to a ${reason} address, which the gateway does not fetch from`,
      );
    }
  }
  return addresses[0] as ResolvedAddress;
}

/**
 * A client for one hop whose only connection goes to the checked address (TLS still verifies
 * the host name), so a second DNS answer cannot send it elsewhere.
 */
function pinnedClient(url: URL, host: string, target: ResolvedAddress, options: MediaFetcherOptions): Client {
  const connector = buildConnector({});
  return new Client(url.origin, {
    pipelining: 0,
    connect(connectOptions, callback) {
      const port = Number(connectOptions.port) || (url.protocol === 'https:' ? 443 : 80);
      try {
        options.beforeConnect?.(target.address, port);
      } catch (error) {
        callback(error as Error, null);
        return;
      }
      connector({ ...connectOptions, hostname: target.address, ...(isIP(host) ? {} : { servername: host }) }, callback);
    },
  });
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function readLimited(
  body: Dispatcher.ResponseData['body'],
  original: string,
  maxBytes: number,
  budget: ByteBudget | undefined,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) throw tooLarge(original, maxBytes);
    if (budget && (budget.remaining -= chunk.length) < 0) throw overBudget(original, budget.limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

function parseMediaUrl(text: string, original: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw mediaError(original, 'not a valid URL');
  }
  const problem = urlFormProblem(url);
  if (problem) throw mediaError(original, problem);
  return url;
}

async function defaultLookup(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await systemLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
}

function tooLarge(url: string, maxBytes: number): IrError {
  return mediaError(url, `the file is larger than the gateway's limit of ${maxBytes} bytes per file (media.maxBytes)`);
}

function overBudget(url: string, limit: number): IrError {
  return mediaError(
    url,
    `the images of this request add up to more than the gateway's limit of ${limit} bytes per request (media.maxTotalBytes)`,
    'media_limit_exceeded',
  );
}

function mediaError(url: string, reason: string, code = 'media_fetch_failed'): IrError {
  return gatewayError('invalid-request', `Could not fetch the media at ${describeUrl(url)}: ${reason}`, { code });
}

/** The URL without credentials and query (they may hold secrets or signed tokens), shortened. */
export function describeUrl(url: string): string {
  const withoutQuery = (url.split(/[?#]/)[0] ?? url).replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
  return withoutQuery.length > 200 ? `${withoutQuery.slice(0, 197)}...` : withoutQuery;
}
