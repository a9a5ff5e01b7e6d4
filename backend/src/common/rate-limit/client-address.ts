import { isIPv6 } from 'node:net';

/**
 * The address a per-client limit counts by: an IPv4 address as it is (also when written as IPv6,
 * `::ffff:1.2.3.4`), an IPv6 address by its /64, the block one subscriber line is given: counting
 * each of its addresses apart would let one visitor pass a limit at will.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.padStart(4, '0')).join(':')}::/64`;
}
