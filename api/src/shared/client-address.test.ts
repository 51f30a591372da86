import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('203.0.113.8')).not.toBe(clientAddressKey('203.0.113.7'));
  });

  it('counts every address of one IPv6 /56, all its /64s, as one client', () => {
    const home = clientAddressKey('2001:db8:abcd:12::1');
    expect(home).toBe('2001:db8:abcd::/56');
    expect(clientAddressKey('2001:db8:abcd:12:ffff:ffff:ffff:fffe')).toBe(home);
    expect(clientAddressKey('2001:0DB8:ABCD:0012:0000:0000:0000:0042')).toBe(home);
    expect(clientAddressKey('2001:db8:abcd:ff::1')).toBe(home);
    expect(clientAddressKey('2001:db8:abcd:100::1')).toBe('2001:db8:abcd:100::/56');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
