import { isIPv4, isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/**
 * One home network or phone gets a whole IPv6 /64 from its provider and can pick any address
 * in it, so per-address limits count the /64 as one client. IPv4 (also when it arrives
 * IPv4-mapped, as `::ffff:1.2.3.4`) counts address by address.
 */
const IPV6_CLIENT_PREFIX = 64;

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
