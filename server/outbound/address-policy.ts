// ipaddr.js is the parser fastify's own proxy-addr (TRUST_PROXY) uses: one established reading of
// every IPv4 and IPv6 form (including the legacy `127.1`, `0x7f.1`, `2130706433`) and its table of
// special-purpose ranges, instead of hand-written regular expressions.
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** A network of the operator's allow-list: an address and its prefix length. */
export type Network = [Address, number];

/**
 * Parses an allow-list (`WEBHOOK_ALLOW_NETWORKS`): IPv4 or IPv6 networks in CIDR notation
 * (`10.20.0.0/16`, `fd00:1::/64`); a bare address is that one address. Throws naming the first
 * entry that is neither.
 */
export function parseNetworks(cidrs: readonly string[]): Network[] {
  return cidrs.map((entry) => {
    const text = entry.trim();
    try {
      if (text.includes('/')) return ipaddr.parseCIDR(text);
      const one = ipaddr.parse(text);
      return [one, one.kind() === 'ipv4' ? 32 : 128];
    } catch {
      throw new Error(`"${entry}" is not a network in CIDR notation (such as 10.20.0.0/16 or fd00:1::/64)`);
    }
  });
}

const kebab = (range: string) => range.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function v4FromParts(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

/** Why an IPv4 address is not global unicast (ipaddr.js's range name, kebab-case), or null. */
function v4Refusal(a: ipaddr.IPv4): string | null {
  const range = a.range();
  return range === 'unicast' ? null : kebab(range);
}

/**
 * Why an IPv6 address is not global unicast, or null. Forms that carry an IPv4 address (mapped,
 * translated, compatible, NAT64, 6to4, Teredo) reach that IPv4 host, so they are judged by it.
 */
function v6Refusal(a: ipaddr.IPv6): string | null {
  const p = a.parts;
  const embedded = (...v4s: ipaddr.IPv4[]) => v4s.map(v4Refusal).find((r) => r !== null) ?? null;
  const range = a.range();
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return embedded(v4FromParts(p[6], p[7]));
    case 'rfc6052': // NAT64: 64:ff9b::/96 carries a.b.c.d; the local-use 64:ff9b:1::/48 is a site's own
      return p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 ? embedded(v4FromParts(p[6], p[7])) : 'nat64-local';
    case '6to4': // 2002:AABB:CCDD::/48
      return embedded(v4FromParts(p[1], p[2]));
    case 'teredo': // 2001:0:server:…:~client
      return embedded(v4FromParts(p[2], p[3]), v4FromParts(p[6] ^ 0xffff, p[7] ^ 0xffff));
    case 'unicast':
      // IPv4-compatible ::a.b.c.d (deprecated) first; then only 2000::/3 is global unicast today.
      if (p.slice(0, 6).every((x) => x === 0)) return embedded(v4FromParts(p[6], p[7])) ?? 'reserved';
      return (p[0] & 0xe000) === 0x2000 ? null : 'reserved';
    default:
      return kebab(range);
  }
}

function admitted(a: Address, allow: readonly Network[]): boolean {
  const forms: Address[] = [a];
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) forms.push((a as ipaddr.IPv6).toIPv4Address());
  return forms.some((f) => allow.some(([net, bits]) => net.kind() === f.kind() && f.match(net, bits)));
}

/**
 * Why an outbound call may not go to `ip`, in one word (`loopback`, `private`, `link-local`,
 * `unique-local`, `carrier-grade-nat`, `multicast`, `unspecified`, `broadcast`, `reserved`,
 * `benchmarking`, …), or null when it may: the address is global unicast, or inside a network of
 * the operator's `allow`-list. Anything that is not an IP address is refused (`not an IP address`).
 */
export function addressRefusal(ip: string, allow: readonly Network[] = []): string | null {
  let a: Address;
  try {
    a = ipaddr.parse(ip.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return 'not an IP address';
  }
  if (admitted(a, allow)) return null;
  return a.kind() === 'ipv4' ? v4Refusal(a as ipaddr.IPv4) : v6Refusal(a as ipaddr.IPv6);
}
