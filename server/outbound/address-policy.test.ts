import { describe, expect, it } from 'vitest';
import { addressRefusal, parseNetworks } from './address-policy';

describe('addressRefusal', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['fd00::1', 'unique-local'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:2::1', 'benchmarking'],
    ['4000::1', 'reserved'],
  ])('refuses %s (%s)', (ip, reason) => {
    expect(addressRefusal(ip)).toBe(reason);
  });

  it.each([
    // IPv4-mapped, as written and as the WHATWG URL parser writes it.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.5', 'private'],
    ['::ffff:0:a9fe:a9fe', 'link-local'], // translated (RFC 6145)
    ['::7f00:1', 'loopback'], // IPv4-compatible
    ['64:ff9b::a00:5', 'private'], // NAT64 of 10.0.0.5
    ['64:ff9b:1::1', 'nat64-local'],
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
    ['2002:7f00:1::1', 'loopback'], // 6to4 of 127.0.0.1
    ['2001:0:7f00:1::1', 'loopback'], // Teredo, server 127.0.0.1
  ])('judges %s by the IPv4 address it carries (%s)', (ip, reason) => {
    expect(addressRefusal(ip)).toBe(reason);
  });

  it.each(['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:808:808::1', '64:ff9b::808:808'])('admits the public address %s', (ip) => {
    expect(addressRefusal(ip)).toBeNull();
  });

  it('refuses what is not an IP address', () => {
    expect(addressRefusal('example.com')).toBe('not an IP address');
  });

  it('admits refused addresses inside a network of the allow-list, and only those', () => {
    const allow = parseNetworks(['10.20.0.0/16', 'fd00:1::/64', '127.0.0.1']);
    expect(addressRefusal('10.20.3.4', allow)).toBeNull();
    expect(addressRefusal('::ffff:10.20.3.4', allow)).toBeNull();
    expect(addressRefusal('fd00:1::9', allow)).toBeNull();
    expect(addressRefusal('127.0.0.1', allow)).toBeNull();
    expect(addressRefusal('10.21.0.1', allow)).toBe('private');
    expect(addressRefusal('fd00:2::1', allow)).toBe('unique-local');
    expect(addressRefusal('127.0.0.2', allow)).toBe('loopback');
    expect(addressRefusal('::1', allow)).toBe('loopback');
  });
});

describe('parseNetworks', () => {
  it('reads IPv4 and IPv6 networks and single addresses', () => {
    expect(parseNetworks([' 127.0.0.0/8 ', 'fd00::/8', '10.0.0.5']).map(([a, bits]) => `${a.toString()}/${bits}`))
      .toEqual(['127.0.0.0/8', 'fd00::/8', '10.0.0.5/32']);
  });

  it.each(['nope', '10.0.0.0/33', '10.0.0/8x', 'fd00::/129', ''])('names the entry that is not a network: %j', (entry) => {
    expect(() => parseNetworks(['127.0.0.0/8', entry])).toThrow(`"${entry}" is not a network in CIDR notation`);
  });
});
