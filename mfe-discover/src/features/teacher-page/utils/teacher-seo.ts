import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import { formatPaise, paiseToDecimalRupees } from '@kalike/shared/format/money';
import { teacherPreviewImageSize } from '@kalike/shared/format/teacher-preview-image';

/** Search engines cut descriptions near this length. */
const descriptionLength = 160;

function truncate(text: string, length: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= length) return clean;
  const cut = clean.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length - 20)).trim()}…`;
}

/** Only a path on this site may become the canonical link or the preview card's address. */
export function canonicalUrl(origin: string, canonicalPath: string): string | null {
  if (!canonicalPath.startsWith('/') || canonicalPath.startsWith('//')) return null;
  return `${origin.replace(/\/$/, '')}${canonicalPath}`;
}

/**
 * The photo's address for link previews and search engines, which need it absolute: photos
 * kept on the API's disk have a path on this site (/media/…), a bucket's have their own origin.
 */
export function absolutePhotoUrl(origin: string, photoUrl: string | null): string | null {
  if (!photoUrl) return null;
  try {
    return new URL(photoUrl, origin).href;
  } catch {
    return null;
  }
}

export interface TeacherImage {
  /** Absolute, as link previews and search engines need it. */
  url: string;
  alt: string;
  /** Known for the preview card; a photo's stored size is not the one behind photoUrl. */
  width?: number;
  height?: number;
}

/**
 * The picture a shared link shows: the teacher's photo when they have one, else their preview
 * card, drawn by the API with their name, subject, locality and rating.
 */
export function teacherImage(origin: string, page: TeacherPage): TeacherImage | null {
  const { teacher } = page;
  const photo = absolutePhotoUrl(origin, teacher.photoUrl);
  if (photo) return { url: photo, alt: teacher.name };
  const card = canonicalUrl(origin, teacher.previewImagePath);
  if (!card) return null;
  return { url: card, alt: teacherCardAlt(page), ...teacherPreviewImageSize };
}

/** What the card shows, in words, for people who cannot see it. */
function teacherCardAlt(page: TeacherPage): string {
  const { teacher, listings } = page;
  const primary = listings[0];
  const subject = primary ? `, ${primary.category.name} teacher in ${primary.locality.name}, Bengaluru` : '';
  const rating =
    teacher.rating.count > 0
      ? `Rated ${teacher.rating.average.toFixed(1)} out of 5 by ${teacher.rating.count === 1 ? '1 learner' : `${teacher.rating.count} learners`}.`
      : 'New on Kalike.';
  return `${teacher.name}${subject}. ${rating}`;
}

export function teacherTitle(page: TeacherPage): string {
  const primary = page.listings[0];
  if (!primary) return `${page.teacher.name}, teacher in Bengaluru | Kalike`;
  return `${page.teacher.name}, ${primary.category.name} teacher in ${primary.locality.name}, Bengaluru | Kalike`;
}

export function teacherDescription(page: TeacherPage): string {
  const { teacher, listings } = page;
  const cheapest = listings.length > 0 ? Math.min(...listings.map((listing) => listing.priceFromPaise)) : null;
  const facts = [
    teacher.rating.count > 0 ? `Rated ${teacher.rating.average.toFixed(1)} by ${teacher.rating.count} learners.` : null,
    cheapest !== null ? `Classes from ${formatPaise(cheapest)}.` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return truncate(`${facts} ${teacher.bio}`.trim(), descriptionLength);
}

type JsonLd = Record<string, unknown>;

/**
 * schema.org data for the teacher: a LocalBusiness (what search engines show ratings and
 * offers for) founded by the teacher as a Person, with one Offer per listing at its
 * lowest class-pack price. Its image is the photo, or the preview card without one.
 */
export function teacherStructuredData(page: TeacherPage, url: string | null): JsonLd {
  const { teacher, listings, reviews } = page;
  const primary = listings[0];
  const photo = url ? absolutePhotoUrl(url, teacher.photoUrl) : teacher.photoUrl;
  // The business may be shown by its card; the person only by their own photo.
  const image = url ? teacherImage(new URL(url).origin, page)?.url : photo;
  const person: JsonLd = {
    '@type': 'Person',
    name: teacher.name,
    knowsLanguage: teacher.languages,
    ...(photo ? { image: photo } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    ...(url ? { '@id': url, url } : {}),
    name: teacher.name,
    description: teacher.bio,
    ...(image ? { image } : {}),
    founder: person,
    ...(primary
      ? {
          address: { '@type': 'PostalAddress', addressLocality: primary.locality.name, addressRegion: 'Karnataka', addressCountry: 'IN' },
          geo: { '@type': 'GeoCoordinates', latitude: primary.location.lat, longitude: primary.location.lng },
          areaServed: { '@type': 'City', name: 'Bengaluru' },
        }
      : {}),
    ...(teacher.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(teacher.rating.average.toFixed(2)),
            ratingCount: teacher.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    review: reviews.slice(0, 5).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.authorName },
      datePublished: review.createdAt.slice(0, 10),
      reviewBody: review.comment,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
    makesOffer: listings.map((listing) => ({
      '@type': 'Offer',
      name: listing.title,
      url: url ? `${new URL(url).origin}${listing.path}` : undefined,
      priceCurrency: 'INR',
      price: paiseToDecimalRupees(listing.priceFromPaise),
      priceSpecification: { '@type': 'PriceSpecification', priceCurrency: 'INR', minPrice: paiseToDecimalRupees(listing.priceFromPaise) },
      itemOffered: {
        '@type': 'Service',
        name: listing.title,
        serviceType: `${listing.category.name} classes`,
        areaServed: listing.locality.name,
      },
    })),
  };
}

/** JSON for inside a script element: `<` is escaped, so no text from the API can close the element. */
export function serialiseJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
