import { isUuid } from '@kalike/shared/domain/uuid';

import { routeTable, type RouteEntry } from '../app/route-table';

const ranked = routeTable.map((entry) => {
  const segments = entry.path.split('/').filter(Boolean);
  // React Router's ranking: a static segment outweighs a parameter.
  return { entry, segments, score: segments.reduce((total, segment) => total + (segment.startsWith(':') ? 3 : 10), 0) };
});

/**
 * Which app renders a path, without React Router: the entry uses this to start fetching
 * the route's remote before the framework has even arrived. The router stays the
 * authority for rendering; a wrong guess here only costs a wasted preload.
 */
export function routeOwnerOf(pathname: string): RouteEntry | undefined {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  let best: (typeof ranked)[number] | undefined;
  for (const candidate of ranked) {
    if (candidate.segments.length !== segments.length) continue;
    const matches = candidate.segments.every((segment, index) => (segment.startsWith(':') ? true : segment.toLowerCase() === segments[index]?.toLowerCase()));
    if (matches && (!best || candidate.score > best.score)) best = candidate;
  }
  if (best?.entry.path.startsWith('/:enquiryId') && !isUuid(segments[0])) return undefined;
  return best?.entry;
}
