import { isIP } from 'node:net';
import { blockedAddressReason, type BlockedAddressReason } from './media-address-policy.js';
import { hostMatchesAllowList } from '../config/media-host-allow-list.js';

/** What the gateway's `media` settings say about URLs given for media. */
export interface MediaUrlPolicy {
  /** When not empty, the only hosts allowed. */
  allowHosts?: readonly string[];
  /** Also allow loopback, private and link-local addresses (never metadata or reserved ones). */
  allowPrivate?: boolean;
}

/** Address ranges `allowPrivate` opens. */
export const PRIVATE_REASONS: ReadonlySet<BlockedAddressReason> = new Set(['loopback', 'private', 'link-local']);

const WEB_SCHEMES = new Set(['http:', 'https:']);

/**
 * Why the URL itself is refused, before any host check: a scheme other than http(s) (or one of
 * `otherSchemes`), or credentials in it. Undefined when it passes.
 */
export function urlFormProblem(url: URL, otherSchemes: ReadonlySet<string> = new Set()): string | undefined {
  if (!WEB_SCHEMES.has(url.protocol) && !otherSchemes.has(url.protocol))
    return `the scheme "${url.protocol}" is not allowed (use https or http, or a data: URL for inline bytes)`;
  if (url.username || url.password) return 'URLs with credentials are not allowed';
  return undefined;
}

/** Why `host` is refused by the allow-list, or undefined. */
export function hostAllowListProblem(host: string, policy: MediaUrlPolicy): string | undefined {
  if (policy.allowHosts?.length && !hostMatchesAllowList(host, policy.allowHosts))
    return `the host "${host}" is not in media.allowHosts`;
  return undefined;
}

/** Why an address range is refused under the policy, or undefined when it is allowed. */
export function refusedRange(
  reason: BlockedAddressReason | undefined,
  policy: MediaUrlPolicy,
): BlockedAddressReason | undefined {
  if (!reason || (policy.allowPrivate && PRIVATE_REASONS.has(reason))) return undefined;
  return reason;
}

/**
 * Why a media URL the gateway passes on to an upstream (which fetches it itself) is refused, or
 * undefined: the form checks, the allow-list, and for http(s) hosts that are IP literals or
 * `localhost` names, the address ranges the fetcher refuses. Host names are not resolved here:
 * the upstream resolves them from its own network.
 */
export function forwardedUrlProblem(
  url: URL,
  policy: MediaUrlPolicy,
  otherSchemes?: ReadonlySet<string>,
): string | undefined {
  const form = urlFormProblem(url, otherSchemes);
  if (form || !WEB_SCHEMES.has(url.protocol)) return form;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const listed = hostAllowListProblem(host, policy);
  if (listed) return listed;
  const name = host.toLowerCase().replace(/\.$/, '');
  const range =
    isIP(host) !== 0
      ? blockedAddressReason(host)
      : name === 'localhost' || name.endsWith('.localhost')
        ? 'loopback'
        : undefined;
  const refused = refusedRange(range, policy);
  return refused
    ? `the host "${host}" is a ${refused} address, which the gateway does not let upstreams fetch from`
    : undefined;
}
