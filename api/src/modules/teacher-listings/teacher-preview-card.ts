import { createHash } from 'node:crypto';
import type { Rating } from '@kalike/shared/contracts/teacher-listings';

/**
 * A teacher's link-preview card: the lines it draws, and the version that names them. The
 * version is a hash of exactly what is drawn, so a changed name or rating gives a new ETag and
 * a new `v` in the card's address, while a rating moving from 4.81 to 4.83 (drawn "4.8") does not.
 */
export interface TeacherPreviewCard {
  name: string;
  /** "Chess teacher": the subject of the teacher's primary listing. */
  subject: string;
  /** "Indiranagar, Bengaluru". */
  place: string;
  /** The figures beside the star, or null for a teacher nobody has rated yet. */
  rating: { average: string; count: string } | null;
}

/**
 * Bumped whenever the card's drawing changes (layout, colours, fonts), so every card gets a new
 * version and link unfurlers fetch the new drawing.
 */
const CARD_DESIGN = 1;

export function teacherPreviewCardOf(
  teacher: { name: string; rating: Rating },
  primaryListing: { categoryName: string; localityName: string },
): TeacherPreviewCard {
  const { average, count } = teacher.rating;
  return {
    name: teacher.name.replace(/\s+/g, ' ').trim(),
    subject: `${primaryListing.categoryName} teacher`,
    place: `${primaryListing.localityName}, Bengaluru`,
    rating: count > 0 ? { average: average.toFixed(1), count: count === 1 ? '1 rating' : `${count.toLocaleString('en-IN')} ratings` } : null,
  };
}

/** 16 hex characters: plenty to tell one teacher's cards apart, short enough for an address. */
export function teacherPreviewCardVersion(card: TeacherPreviewCard): string {
  const drawn = JSON.stringify([CARD_DESIGN, card.name, card.subject, card.place, card.rating?.average ?? null, card.rating?.count ?? null]);
  return createHash('sha256').update(drawn).digest('hex').slice(0, 16);
}

export const teacherPreviewCardEtag = (version: string) => `"teacher-card-${version}"`;

/** Where the card is served; the same path through every web origin, which passes /v1 to the API. */
export function teacherPreviewImagePath(teacherSlug: string, version: string): string {
  return `/v1/marketplace/teacherListings/slug/${encodeURIComponent(teacherSlug)}/preview.png?v=${version}`;
}
