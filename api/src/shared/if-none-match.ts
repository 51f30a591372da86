/**
 * Whether a request's If-None-Match already names this ETag, so the answer is 304 with no body.
 * Weak and strong forms compare alike (RFC 9110 §13.1.2 uses the weak comparison here), and
 * `*` matches any current representation.
 */
export function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}
