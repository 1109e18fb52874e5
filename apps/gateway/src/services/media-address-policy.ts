import { BlockList, isIP } from 'node:net';

/** Why an address is not fetched from: the range it falls in. */
export type BlockedAddressReason = 'loopback' | 'private' | 'link-local' | 'metadata' | 'reserved';

type Range = readonly [address: string, prefix: number];

/**
 * Ranges the media fetcher never connects to, by reason. Checked in order, so the cloud
 * metadata addresses are named before the link-local / private ranges holding them.
 * IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) match the IPv4 rules (node's `BlockList`).
 *
 * @see https://www.iana.org/assignments/iana-ipv4-special-registry/
 * @see https://www.iana.org/assignments/iana-ipv6-special-registry/
 */
const RANGES: ReadonlyArray<readonly [BlockedAddressReason, readonly Range[], readonly Range[]]> = [
  // AWS/GCP/Azure/OpenStack 169.254.169.254, AWS IPv6 fd00:ec2::254, Alibaba 100.100.100.200.
  [
    'metadata',
    [
      ['169.254.169.254', 32],
      ['100.100.100.200', 32],
    ],
    [['fd00:ec2::254', 128]],
  ],
  ['loopback', [['127.0.0.0', 8]], [['::1', 128]]],
  ['link-local', [['169.254.0.0', 16]], [['fe80::', 10]]],
  [
    'private',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['100.64.0.0', 10],
    ],
    [['fc00::', 7]],
  ],
  [
    'reserved',
    [
      ['0.0.0.0', 8],
      ['192.0.0.0', 24],
      ['192.0.2.0', 24],
      ['198.18.0.0', 15],
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
      ['224.0.0.0', 4],
      ['240.0.0.0', 4],
    ],
    // Unspecified and IPv4-compatible, NAT64 and 6to4 (they embed IPv4 addresses that would
    // escape the IPv4 rules), discard, documentation, multicast.
    [
      ['::', 96],
      ['64:ff9b::', 96],
      ['64:ff9b:1::', 48],
      ['2002::', 16],
      ['100::', 64],
      ['2001:db8::', 32],
      ['ff00::', 8],
    ],
  ],
];

const LISTS: ReadonlyArray<readonly [BlockedAddressReason, BlockList]> = RANGES.map(([reason, v4, v6]) => {
  const list = new BlockList();
  for (const [address, prefix] of v4) list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of v6) list.addSubnet(address, prefix, 'ipv6');
  return [reason, list] as const;
});

/**
 * Why the media fetcher must not connect to `address` (an IP literal), or undefined when it is
 * a public unicast address. Anything that is not an IP address is refused as `reserved`.
 */
export function blockedAddressReason(address: string): BlockedAddressReason | undefined {
  const version = isIP(address);
  if (version === 0) return 'reserved';
  const type = version === 4 ? 'ipv4' : 'ipv6';
  for (const [reason, list] of LISTS) if (list.check(address, type)) return reason;
  return undefined;
}
