const checkOrigin = 'https://kalike.invalid';

/**
 * `redirectTo` and `refPage` come from the URL, so they are untrusted: only a path on this
 * site is followed (exactly one leading `/`, no backslash or control characters, still on
 * this origin once resolved), and never one of `excludedPaths` (the page itself).
 */
export function isSafeRedirectPath(value: string | null, excludedPaths: readonly string[] = []): value is string {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value, checkOrigin);
    return url.origin === checkOrigin && !excludedPaths.includes(url.pathname);
  } catch {
    return false;
  }
}

export function safeRedirect(target: string | null, fallback: string, excludedPaths: readonly string[] = []): string {
  return isSafeRedirectPath(target, excludedPaths) ? target : fallback;
}
