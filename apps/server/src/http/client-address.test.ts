import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

/** Decision 021 (review of the fixes, T2): the key the per-address limits count under. */
describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    for (const ip of ['127.0.0.1', '203.0.113.7', '0.0.0.0', '255.255.255.255'])
      expect(addressKey(ip)).toBe(ip);
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4, in any spelling', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 address by its /64, written one way whatever the spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:0db8:0001:0002:0000:0000:0000:0003',
      '2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF',
      '2001:db8:1:2:a:b::',
      '2001:db8:1:2::',
      '2001:db8:1:2:1:2:203.0.113.7',
      '2001:db8:1:2::9%eth0',
    ])
      expect(addressKey(ip), ip).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(addressKey('2001:0:0:1::1')).toBe('2001:0:0:1::/64');
    expect(addressKey('2001:db8:0:1:2::')).toBe('2001:db8:0:1::/64');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('::')).toBe('::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
    // IPv4-compatible (deprecated) and NAT64 addresses are IPv6 addresses like any other.
    expect(addressKey('::203.0.113.7')).toBe('::/64');
    expect(addressKey('64:ff9b::203.0.113.7')).toBe('64:ff9b::/64');
  });

  it('leaves what is not an address as it is', () => {
    for (const text of ['', 'unknown', '203.0.113.256', '2001:db8::1::2', '[::1]:80'])
      expect(addressKey(text)).toBe(text);
  });
});
