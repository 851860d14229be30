import { describe, expect, it } from '@jest/globals';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('keeps an IPv4 address and counts an IPv6 address as its /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:7:1::1')).toBe('2001:db8:7:1::/64');
    expect(clientNetwork('2001:DB8:7:1:ffff:0:0:2')).toBe('2001:db8:7:1::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('2001:db8:7:2::1')).not.toBe(clientNetwork('2001:db8:7:1::1'));
  });
});
