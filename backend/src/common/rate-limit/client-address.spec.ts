import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses, also when written as IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:0db8:0000:0001::/64';
    for (const ip of ['2001:db8:0:1::1', '2001:db8:0:1:ffff:1:2:3', '2001:DB8:0:1::abcd', '2001:db8:0:1:0:0:0:9']) {
      expect(clientAddressKey(ip)).toBe(key);
    }
    expect(clientAddressKey('2001:db8:0:2::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
  });
});
