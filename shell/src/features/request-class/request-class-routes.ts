import { matchPath } from 'react-router-dom';

/** Spec §2 "Request Class helper bubble": where the bubble floats. */
export const requestClassBubbleRoutes = ['/discover', '/search', '/categories/:categorySlug'] as const;

export function shouldShowRequestClassBubble(pathname: string): boolean {
  return requestClassBubbleRoutes.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** "Yoga & Pilates!" → "yoga-pilates": lowercase ASCII words joined by dashes, at most 60 characters. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * The `ask_{product}` section of spec §9's "Ask {product}" label: the category on a
 * category page, the searched words on /search, else `general`.
 */
export function requestClassProduct(pathname: string, search: string): string {
  const category = matchPath('/categories/:categorySlug', pathname)?.params.categorySlug;
  if (category) return slugify(category) || 'general';
  if (matchPath('/search', pathname)) return slugify(new URLSearchParams(search).get('q') ?? '') || 'general';
  return 'general';
}

/** Spec §2: `/enquiry?refPage={path}&refSection=ask_{product}`. */
export function requestClassHref(pathname: string, search: string): string {
  const params = new URLSearchParams({ refPage: pathname, refSection: `ask_${requestClassProduct(pathname, search)}` });
  return `/enquiry?${params.toString()}`;
}
