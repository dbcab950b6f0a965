import ipaddr from 'ipaddr.js';

/**
 * Which addresses a webhook may reach. Only globally routable unicast passes: private, loopback,
 * link-local (cloud metadata 169.254.169.254), CGNAT, unique-local (fd00:ec2::254), multicast and
 * reserved ranges are refused. An IPv6 address that carries an IPv4 address (IPv4-compatible `::/96`,
 * IPv4-mapped, SIIT, NAT64 `64:ff9b::/96`, 6to4, Teredo) is judged by the IPv4 address it carries,
 * since that is where the packets end up: a private one is refused, a public one passes (DNS64 hands
 * out `64:ff9b::<public IPv4>` for every IPv4-only partner in an IPv6-only network). The local-use
 * NAT64 prefix `64:ff9b:1::/48` is refused outright: where it carries the IPv4 address is the
 * operator's choice, and its translator serves a private network by definition.
 */
export interface AddressPolicy {
  /** Local stage only (WEBHOOK_ALLOW_LOOPBACK=true), so `npm run webhooks:listen` can receive. */
  allowLoopback: boolean;
}

export type AddressVerdict =
  | { allowed: true; address: string }
  | { allowed: false; address: string; reason: string };

const metadataAddresses = new Set(['169.254.169.254', 'fd00:ec2::254']);

/** Characters an IP literal can hold (brackets, zone ids included); anything else is a hostname. */
const literalCharacters = /^[0-9a-z.:[\]%_-]+$/i;

/**
 * Parses an IP literal in any form a URL or resolver may carry it (dotted, decimal `2130706433`,
 * hex `0x7f000001`, octal `0177.0.0.1`, short `127.1`, bracketed or embedded-IPv4 IPv6), or undefined
 * for a hostname. The URL standard's host parser normalizes it first, so the address judged is the
 * address a URL with this host connects to (ipaddr.js alone reads `::10.0.0.1` as `::ffff:a00:1`).
 * A zone id (`fe80::1%eth0`) is kept on the result: it names a local interface.
 */
export function parseIpLiteral(host: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!literalCharacters.test(host)) return undefined;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const zoneAt = bare.indexOf('%');
  const address = zoneAt < 0 ? bare : bare.slice(0, zoneAt);
  const zone = zoneAt < 0 ? undefined : bare.slice(zoneAt + 1);
  if (zone !== undefined && (!address.includes(':') || !/^[0-9a-z_.-]+$/i.test(zone))) return undefined;
  let normalized: string;
  try {
    normalized = new URL(`http://${address.includes(':') ? `[${address}]` : address}/`).hostname;
  } catch {
    return undefined;
  }
  const unbracketed = normalized.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(unbracketed)) return undefined;
  const parsed = ipaddr.parse(unbracketed);
  if (zone && parsed.kind() === 'ipv6') (parsed as ipaddr.IPv6).zoneId = zone;
  return parsed;
}

const ipv4From = (high: number, low: number): ipaddr.IPv4 =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 addresses an IPv6 address carries (none for plain IPv6), under the name of its form. */
function embeddedIpv4(address: ipaddr.IPv6): { form: string; carried: ipaddr.IPv4[] } | undefined {
  const parts = address.parts;
  const word = (index: number) => parts[index] ?? 0;
  const range = address.range();
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return { form: range, carried: [ipv4From(word(6), word(7))] };
    case 'rfc6052':
      // 64:ff9b::/96 carries it in the last 32 bits; 64:ff9b:1::/48 wherever its operator chose.
      return word(2) === 0 ? { form: range, carried: [ipv4From(word(6), word(7))] } : undefined;
    case '6to4':
      return { form: range, carried: [ipv4From(word(1), word(2))] };
    case 'teredo':
      // The Teredo server, and the client's public address with every bit inverted (RFC 4380).
      return {
        form: range,
        carried: [ipv4From(word(2), word(3)), ipv4From(~word(6) & 0xffff, ~word(7) & 0xffff)],
      };
    case 'unicast':
      if (parts.slice(0, 6).every((part) => part === 0)) {
        return { form: 'ipv4Compatible', carried: [ipv4From(word(6), word(7))] };
      }
      return undefined;
    default:
      return undefined;
  }
}

export function classifyAddress(address: string, policy: AddressPolicy): AddressVerdict {
  const parsed = parseIpLiteral(address);
  if (!parsed) return { allowed: false, address, reason: 'not an IP address' };
  const canonical = parsed.toString();
  if (metadataAddresses.has(canonical)) {
    return { allowed: false, address: canonical, reason: 'cloud metadata address' };
  }
  if (parsed.kind() === 'ipv6') {
    const ipv6 = parsed as ipaddr.IPv6;
    if (ipv6.zoneId) {
      return { allowed: false, address: canonical, reason: 'scoped address (zone id) refused' };
    }
    const range = ipv6.range();
    if (range === 'rfc6052' && (ipv6.parts[2] ?? 0) !== 0) {
      return { allowed: false, address: canonical, reason: 'rfc6052 local-use NAT64 address' };
    }
    const embedded = embeddedIpv4(ipv6);
    if (embedded) {
      for (const carried of embedded.carried) {
        const inner = classifyAddress(carried.toString(), { allowLoopback: false });
        if (!inner.allowed) {
          return {
            allowed: false,
            address: canonical,
            reason: `${embedded.form} address carrying ${inner.address} (${inner.reason})`,
          };
        }
      }
      return { allowed: true, address: canonical };
    }
  }
  const range = parsed.range();
  if (range === 'unicast') return { allowed: true, address: canonical };
  if (range === 'loopback' && policy.allowLoopback) return { allowed: true, address: canonical };
  return { allowed: false, address: canonical, reason: `${range} address` };
}
