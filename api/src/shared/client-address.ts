import { isIPv4, isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/**
 * A phone gets a whole IPv6 /64 and a home network usually a /56 from its provider, and can
 * pick any address in them, so per-address limits count a /56 as one client: a caller walking
 * through the 256 /64s of a home delegation is still one caller and one counter. At most 256
 * phones of one carrier can share a /56, fewer than share one IPv4 address behind a carrier's
 * NAT, which the loose per-address limits already allow for. IPv4 (also when it arrives
 * IPv4-mapped, as `::ffff:1.2.3.4`) counts address by address.
 */
const IPV6_CLIENT_PREFIX = 56;

/** The key per-address limits count under, from `request.ip` (already resolved through trusted proxies). */
export function clientAddressKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address;
  if (isIPv6(address)) {
    const parsed = new Address6(address);
    if (parsed.is4()) return parsed.to4().correctForm();
    return `${new Address6(`${parsed.correctForm()}/${IPV6_CLIENT_PREFIX}`).startAddress().correctForm()}/${IPV6_CLIENT_PREFIX}`;
  }
  // Not an address (a unix socket, a test's fake): it is still one caller.
  return address;
}
