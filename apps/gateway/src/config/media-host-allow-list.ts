import { domainToASCII } from 'node:url';

/** A host pattern of `media.allowHosts`: a host name, `*.` and a domain, or an IP literal (`[::1]` for IPv6). */
export const MEDIA_HOST_PATTERN =
  /^(?:(?:\*\.)?[a-z0-9\u00a1-\uffff-]+(?:\.[a-z0-9\u00a1-\uffff-]+)*\.?|\[[0-9a-f:.]+\])$/i;

/** A host as URLs and patterns are compared: lower-case ASCII (punycode), no brackets, no trailing dot. */
function normalizeHost(host: string): string {
  const bare = host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  return bare.includes(':') ? bare : domainToASCII(bare) || bare;
}

/**
 * Whether `host` (a URL's host name) is one the allow-list names: an exact host (`cdn.example.com`,
 * `192.0.2.7`, `[2001:db8::7]`), or any subdomain of a `*.` pattern (`*.example.com` matches
 * `a.example.com` and `a.b.example.com`, not `example.com` itself). Case, trailing dots and
 * internationalised names (compared as punycode) do not matter.
 */
export function hostMatchesAllowList(host: string, patterns: readonly string[]): boolean {
  const candidate = normalizeHost(host);
  return patterns.some((pattern) => {
    if (!pattern.startsWith('*.')) return normalizeHost(pattern) === candidate;
    const domain = normalizeHost(pattern.slice(2));
    return candidate.endsWith(`.${domain}`);
  });
}
