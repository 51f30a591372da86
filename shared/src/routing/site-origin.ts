import { createContext, useContext } from 'react';

/**
 * The site's origin as the visitor sees it (`https://kalike.in`), for absolute links such as
 * canonical URLs and link-preview images. The server renders without `window` and provides the
 * request's origin here; the browser reads its own.
 */
export const SiteOriginContext = createContext<string | null>(null);

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? window.location.origin;
}
