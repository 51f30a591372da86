import type {
  Batch,
  CategoryListingPage,
  DemoClass,
  ListingCard,
  Program,
  Review,
  SearchPage,
  TeacherPage,
  TeacherPageListing,
  TeacherPhoto,
} from '@kalike/shared/contracts/teacher-listings';
import { defaultLocation } from '@kalike/shared/location/location-store';

/** A deterministic UUID from a small number, so fixtures read clearly in failures. */
export const uuid = (n: number) => `6f1c2b8e-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Nobody has chosen a location in these tests, so lists are asked for around the default. */
export const origin = defaultLocation.coords;
/** The `lat`/`long` query parameters a list request carries for the default location. */
export const defaultPointParams = { lat: String(defaultLocation.coords.lat), long: String(defaultLocation.coords.lng) };

export function listingCard(n: number, overrides: Partial<ListingCard> = {}): ListingCard {
  const names = ['Kiran Rao', 'Meera Iyer', 'Arjun Shetty', 'Lakshmi Nair', 'Farhan Ali', 'Deepa Gowda'];
  const name = names[(n - 1) % names.length]!;
  const slug = `${name.toLowerCase().replace(/\s+/g, '-')}-${n}`;
  return {
    id: uuid(n),
    title: `Chess for beginners with ${name.split(' ')[0]}`,
    mode: 'at_centre',
    teacher: {
      id: uuid(1000 + n),
      slug,
      name,
      photoUrl: null,
      photo: null,
      experienceYears: 6,
      rating: { average: 4.7, count: 40 + n },
      badges: n % 2 === 0 ? ['verified'] : ['super_teacher', 'verified'],
    },
    category: { id: uuid(500), slug: 'chess', name: 'Chess' },
    locality: { slug: 'indiranagar', name: 'Indiranagar' },
    apartment: null,
    location: { lat: 12.97 + n / 1000, lng: 77.64 + n / 1000 },
    priceFromPaise: 240_000 + n * 10_000,
    ageRange: { min: 6, max: 16 },
    distanceMetres: 850 + n * 400,
    pointPrecision: 'exact',
    nextBatchStartsOn: '2026-12-02',
    seatsLeft: 4,
    path: `/discover/bengaluru/chess/teachers/${slug}`,
    ...overrides,
  };
}

export function categoryPage(listings: ListingCard[], nextCursor: string | null = null): CategoryListingPage {
  return { listings, nextCursor, origin, category: { id: uuid(500), slug: 'chess', name: 'Chess' } };
}

export function searchPage(listings: ListingCard[], overrides: Partial<SearchPage> = {}): SearchPage {
  return { listings, nextCursor: null, origin, query: '', suggestedCategories: [], place: null, correctedQuery: null, ...overrides };
}

/** Kiran Rao's profile as the teacher page shows it: two badges with their reasons. */
function teacherPageProfile(): TeacherPage['teacher'] {
  return {
    id: uuid(1001),
    slug: 'kiran-rao-1',
    name: 'Kiran Rao',
    photoUrl: null,
    photo: null,
    previewImagePath: '/v1/marketplace/teacherListings/slug/kiran-rao-1/preview.png?v=0123456789abcdef',
    bio: 'FIDE-rated player who has coached school teams in Indiranagar for eight years.',
    experienceYears: 8,
    languages: ['English', 'Kannada', 'Hindi'],
    qualifications: [],
    rating: { average: 4.8, count: 52 },
    badges: [
      {
        kind: 'super_teacher',
        label: 'Super Teacher',
        meaning: 'Rated 4.6 or higher by at least 40 learners.',
        grantedAt: '2026-03-03T04:30:00Z',
        reason: 'Rated 4.8 by 52 learners.',
      },
      {
        kind: 'verified',
        label: 'Verified Teacher',
        meaning: 'Identity and qualifications checked by the Kalike team.',
        grantedAt: '2025-08-14T06:00:00Z',
        reason: 'ID and FIDE rating certificate checked.',
      },
    ],
    memberSince: '2025-08-01',
  };
}

/** A weekend batch with a few seats left, sold as a starter pack and a cheaper-per-class term pack. */
function weekendBatch(): Batch {
  return {
    id: uuid(301),
    name: 'Weekend mornings',
    daysOfWeek: [6, 7],
    startTime: '09:30',
    endTime: '10:30',
    startsOn: '2026-12-05',
    capacity: 8,
    seatsLeft: 3,
    place: { kind: 'locality', name: 'Indiranagar', pincode: '560038' },
    plans: [
      { id: uuid(401), name: 'Starter pack (8 classes)', classesCount: 8, pricePaise: 240_000, pricePerClassPaise: 30_000, validityDays: 45 },
      { id: uuid(402), name: 'Term pack (24 classes)', classesCount: 24, pricePaise: 648_000, pricePerClassPaise: 27_000, validityDays: 120 },
    ],
  };
}

function beginnerProgram(): Program {
  return {
    id: uuid(201),
    name: 'Opening principles',
    level: 'beginner',
    description: 'Piece development, the centre and castling early.',
    batches: [weekendBatch()],
  };
}

function teacherPageListing(): TeacherPageListing {
  return {
    id: uuid(1),
    title: 'Chess for beginners with Kiran',
    about: 'I have coached children for ten years.\n\nEvery class ends with a game against me.',
    mode: 'at_centre',
    category: { id: uuid(500), slug: 'chess', name: 'Chess' },
    locality: { slug: 'indiranagar', name: 'Indiranagar' },
    apartment: null,
    location: { lat: 12.9784, lng: 77.6408 },
    priceFromPaise: 240_000,
    ageRange: { min: 6, max: 16 },
    pointPrecision: 'exact',
    path: '/discover/bengaluru/chess/teachers/kiran-rao-1',
    programs: [beginnerProgram()],
  };
}

function teacherPageReview(): Review {
  return {
    id: uuid(601),
    authorName: 'Ananya P.',
    rating: 5,
    comment: 'My daughter looks forward to every class.',
    createdAt: '2026-10-12T10:00:00Z',
    categoryName: 'Chess',
    reply: null,
  };
}

export function teacherPage(overrides: Partial<TeacherPage> = {}): TeacherPage {
  return {
    teacher: teacherPageProfile(),
    listings: [teacherPageListing()],
    reviews: [teacherPageReview()],
    canonicalPath: '/discover/bengaluru/chess/teachers/kiran-rao-1',
    ...overrides,
  };
}

export function demoClass(n: number, startsAt: string, overrides: Partial<DemoClass> = {}): DemoClass {
  const listing = listingCard(n);
  return {
    sessionId: uuid(700 + n),
    startsAt,
    endsAt: new Date(new Date(startsAt).getTime() + 60 * 60_000).toISOString(),
    batch: { id: uuid(800 + n), name: 'Weekday evenings', seatsLeft: 2 },
    program: { id: uuid(900 + n), name: 'Opening principles', level: 'beginner' },
    listing,
    ...overrides,
  };
}

/** A teacher's photo as the API describes it: square sizes, the 192 px one as the default. */
export function teacherPhoto(name = 'a'): TeacherPhoto {
  const url = (width: number) => `/media/photos/${name.repeat(64).slice(0, 64)}-${width}.webp`;
  return { url: url(192), width: 192, height: 192, srcset: [96, 192, 480].map((width) => ({ url: url(width), width })) };
}
