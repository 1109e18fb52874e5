import { isIP } from 'node:net';
import { z } from 'zod';

/** One address or CIDR range of `server.trustProxy`. */
export interface AddressRange {
  address: string;
  family: 'ipv4' | 'ipv6';
  prefix: number;
}

/** `10.0.0.7`, `10.0.0.0/8`, `fd00::/8`, `::1` as a range; `undefined` for anything else. */
export function parseAddressRange(text: string): AddressRange | undefined {
  const [address, prefixText, extra] = text.split('/');
  if (extra !== undefined || !address) return undefined;
  const version = isIP(address);
  if (version === 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const longest = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, family, prefix: longest };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > longest) return undefined;
  return { address, family, prefix: Number(prefixText) };
}

/**
 * `server.trustProxy`: whether the `X-Forwarded-For` header names the client. `false` (the
 * default): the socket's address is the client. `true`: whatever connects is one proxy, and the
 * address it appended (the header's last) is the client. A list of addresses and CIDR ranges:
 * only peers in it are proxies, and the client is the header's last address outside it.
 */
export const trustProxySchema = z.union([
  z.boolean(),
  z
    .array(
      z
        .string()
        .refine(
          (text) => parseAddressRange(text) !== undefined,
          'use an IP address or a CIDR range (10.0.0.0/8, fd00::/8)',
        ),
    )
    .min(1),
]);

export type TrustProxy = z.infer<typeof trustProxySchema>;
