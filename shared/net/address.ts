import ipaddr from 'ipaddr.js';

/**
 * Which addresses a webhook may reach. Only globally routable unicast passes: private, loopback,
 * link-local (cloud metadata 169.254.169.254), CGNAT, unique-local (fd00:ec2::254), multicast,
 * reserved and every IPv6 form that embeds an IPv4 address (mapped, NAT64, 6to4, Teredo) are refused,
 * since the embedded address could be any of the others.
 */
export interface AddressPolicy {
  /** Local stage only (WEBHOOK_ALLOW_LOOPBACK=true), so `npm run webhooks:listen` can receive. */
  allowLoopback: boolean;
}

export type AddressVerdict =
  | { allowed: true; address: string }
  | { allowed: false; address: string; reason: string };

const metadataAddresses = new Set(['169.254.169.254', 'fd00:ec2::254']);

/**
 * Parses an IP literal in any form a URL or resolver may carry it (dotted, decimal `2130706433`,
 * hex `0x7f000001`, octal `0177.0.0.1`, short `127.1`, bracketed IPv6), or undefined for a hostname.
 */
export function parseIpLiteral(host: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (!ipaddr.isValid(bare)) return undefined;
  return ipaddr.parse(bare);
}

export function classifyAddress(address: string, policy: AddressPolicy): AddressVerdict {
  const parsed = parseIpLiteral(address);
  if (!parsed) return { allowed: false, address, reason: 'not an IP address' };
  const canonical = parsed.toString();
  if (metadataAddresses.has(canonical)) {
    return { allowed: false, address: canonical, reason: 'cloud metadata address' };
  }
  const range = parsed.range();
  if (range === 'unicast') return { allowed: true, address: canonical };
  if (range === 'loopback' && policy.allowLoopback) return { allowed: true, address: canonical };
  return { allowed: false, address: canonical, reason: `${range} address` };
}
