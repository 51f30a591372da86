const checkBase = 'https://kalike.invalid';

/**
 * A path on this site, normalised, or null. The value is untrusted (a `redirectTo`, a
 * `returnUrl`), so the decision is the WHATWG URL parser's, not string rules: it must start
 * with "/", resolve on a fixed base to that same origin, and its normalised form must do so
 * again. That last check refuses `/.//evil.example` and `/\evil.example`, which resolve to the
 * path `//evil.example`: a browser sent there goes to another site.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, checkBase);
    if (url.origin !== checkBase) return null;
    const normalised = `${url.pathname}${url.search}${url.hash}`;
    return new URL(normalised, checkBase).origin === checkBase && !normalised.startsWith('//') ? normalised : null;
  } catch {
    return null;
  }
}

/**
 * `redirectTo` and `refPage` come from the URL, so they are untrusted: only a path on this
 * site is followed (sameSitePath), and never one of `excludedPaths` (the page itself).
 */
export function isSafeRedirectPath(value: string | null, excludedPaths: readonly string[] = []): value is string {
  const path = sameSitePath(value);
  return path !== null && !excludedPaths.includes(new URL(path, checkBase).pathname);
}

/** The target as a normalised path on this site, or the fallback. */
export function safeRedirect(target: string | null, fallback: string, excludedPaths: readonly string[] = []): string {
  return isSafeRedirectPath(target, excludedPaths) ? (sameSitePath(target) ?? fallback) : fallback;
}
