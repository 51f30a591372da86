import * as paths from '@kalike/shared/routing/paths';
import type { RefParams } from '@kalike/shared/routing/paths';

/** Slugs as the API mints them; anything else in a URL never reaches the API. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const maxSlugLength = 120;

export function isSlug(value: string | undefined): value is string {
  return value !== undefined && value.length <= maxSlugLength && slugPattern.test(value);
}

export interface TeacherRoute {
  city: string;
  category: string;
  teacherSlug: string;
}

const teacherPathPattern = /^\/discover\/([^/]+)\/([^/]+)\/teachers\/([^/?#]+)$/;

/**
 * Reads a listing's `path` (`/discover/bengaluru/chess/teachers/kiran-rao-1a`) back into
 * its parts, so links built from it go through the one paths helper.
 */
export function parseTeacherPath(path: string): TeacherRoute | null {
  const match = teacherPathPattern.exec(path);
  if (!match) return null;
  const [, city, category, teacherSlug] = match;
  return isSlug(city) && isSlug(category) && isSlug(teacherSlug) ? { city, category, teacherSlug } : null;
}

/** The enquiry route for a listing's teacher, or null for a path the API should never send. */
export function enquireHref(listingPath: string, ref?: RefParams): string | null {
  const route = parseTeacherPath(listingPath);
  return route ? paths.teacherEnquire(route.city, route.category, route.teacherSlug, ref) : null;
}
