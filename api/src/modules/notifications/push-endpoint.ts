import { isIP } from 'node:net';
import { isLoopbackHost } from '../../config';

const privateV4 = [/^10\./, /^127\./, /^169\.254\./, /^172\.(1[6-9]|2\d|3[01])\./, /^192\.168\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./, /^0\./];

function isPrivateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  const version = isIP(bare);
  if (version === 4) return privateV4.some((range) => range.test(bare));
  if (version === 6) return bare === '::' || bare === '::1' || /^f[cd]/.test(bare) || /^fe[89ab]/.test(bare) || bare.startsWith('::ffff:');
  return false;
}

/**
 * A push service's endpoint as browsers hand it over: https, on a public name or address. The
 * server posts to it, so an endpoint on this machine or a private network is refused (it would
 * let anyone make the API call into its own network).
 */
export function isPublicPushEndpoint(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (isLoopbackHost(host) || isPrivateAddress(host)) return false;
  if (isIP(host.replace(/^\[|\]$/g, '')) === 0 && !host.includes('.')) return false;
  return !/\.(local|localhost|internal|lan|home|corp|intranet)$/.test(host);
}
