/** Where undici sends an upstream request: the origin (its connection pool) and the path with the query. */
export interface UpstreamTarget {
  origin: string;
  path: string;
}

/** A scheme and authority that end where URL parsing ends them (no `?`, `#`, `\`, no whitespace it would drop). */
const PLAIN_AUTHORITY = /^https?:\/\/[^/?#\\\s]+$/i;
/** A path and query whose characters URL parsing keeps as they are (no fragment, nothing it percent-encodes or drops). */
const PLAIN_PATH = /^\/[\w\-.~!$&()*+,;=:@%/?]*$/;
/** A dot segment (`/.`, `/..`, or their `%2e` forms) before the query, which URL parsing would resolve. */
const DOT_SEGMENT = /^[^?]*(?:\/\.|%2e)/i;
const MAX_CACHED_ORIGINS = 64;
const originOfAuthority = new Map<string, string | null>();

/**
 * The origin and path of an upstream URL: `plainUpstreamTarget` for the plain shape every
 * provider URL has, `new URL()` for anything else.
 */
export function upstreamTarget(url: string): UpstreamTarget {
  const plain = plainUpstreamTarget(url);
  if (plain) return plain;
  const parsed = new URL(url);
  return { origin: parsed.origin, path: parsed.pathname + parsed.search };
}

/**
 * A URL of the plain shape split at its first path slash, with the origin of its scheme and
 * authority parsed once and cached; `undefined` for anything URL parsing could read otherwise
 * (dot segments, a fragment, an empty query, characters it would encode or drop, a scheme other
 * than http(s), an authority it would normalise into a path).
 */
export function plainUpstreamTarget(url: string): UpstreamTarget | undefined {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  if (slash <= 0 || url.endsWith('?')) return undefined;
  const path = url.slice(slash);
  if (!PLAIN_PATH.test(path) || DOT_SEGMENT.test(path)) return undefined;
  const origin = cachedOrigin(url.slice(0, slash));
  return origin ? { origin, path } : undefined;
}

function cachedOrigin(authority: string): string | null {
  const known = originOfAuthority.get(authority);
  if (known !== undefined) return known;
  const origin = plainOrigin(authority);
  if (originOfAuthority.size >= MAX_CACHED_ORIGINS) originOfAuthority.clear();
  originOfAuthority.set(authority, origin);
  return origin;
}

function plainOrigin(authority: string): string | null {
  if (!PLAIN_AUTHORITY.test(authority) || !URL.canParse(authority)) return null;
  const parsed = new URL(authority);
  return parsed.pathname === '/' && parsed.search === '' && parsed.hash === '' ? parsed.origin : null;
}
