/**
 * `redirectTo` comes from the URL, so it is untrusted: only a path on this site (one
 * leading slash, no scheme, no backslashes) is followed; anything else goes to fallback.
 */
export function safeRedirect(target: string | null, fallback = '/discover'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  try {
    const url = new URL(target, 'https://kalike.invalid');
    if (url.origin !== 'https://kalike.invalid') return fallback;
    if (url.pathname === '/login') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
