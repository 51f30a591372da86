import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { serviceArea } from '@kalike/shared/location/service-area';
import {
  badgeKinds,
  listingModes,
  listingPageLimit,
  listingSorts,
  maxPriceFilterPaise,
  pointPrecisions,
  radiusKm,
  studentAgeYears,
} from '@kalike/shared/domain/listing-values';

export type { BadgeKind, ListingModeKind, ListingSort, TimeOfDay } from '@kalike/shared/domain/listing-values';

// The marketplace's public shapes: listings near a point, search, the teacher page, the
// shortlist, apartments and demo classes. Money is in integer paise, distances in whole
// metres, dates as ISO strings; the API computes all of them.

const slugPattern = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const Slug = Type.String({ pattern: slugPattern, maxLength: 120 });
const IsoDate = Type.String({ format: 'date' });
const IsoDateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const searchTextMaxLength = 100;

/** Only Bengaluru is served (spec §1); coordinates outside the box are a 400. */
const Latitude = Type.Number({ minimum: serviceArea.minLat, maximum: serviceArea.maxLat });
const Longitude = Type.Number({ minimum: serviceArea.minLng, maximum: serviceArea.maxLng });

export const GeoPointSchema = Type.Object({ lat: Type.Number(), lng: Type.Number() });
export type GeoPoint = Static<typeof GeoPointSchema>;

/** Spec §7 names the query parameters `lat` and `long`. */
export const NearQuerySchema = Type.Object({ lat: Latitude, long: Longitude }, { additionalProperties: false });
export type NearQuery = Static<typeof NearQuerySchema>;

export const OptionalNearQuerySchema = Type.Object({ lat: Type.Optional(Latitude), long: Type.Optional(Longitude) }, { additionalProperties: false });
export type OptionalNearQuery = Static<typeof OptionalNearQuerySchema>;

/**
 * Filters shared by the category list and search. Lists are comma-separated in the query
 * string (`mode=at_home,online`, `days=6,7`), so URLs stay short and shareable.
 */
const filterProperties = {
  lat: Latitude,
  long: Longitude,
  /** Comma-separated listing modes. */
  mode: Type.Optional(Type.String({ pattern: '^(at_home|at_centre|apartment|online)(,(at_home|at_centre|apartment|online))*$', maxLength: 60 })),
  /** Price of the cheapest class pack, in paise. */
  minPricePaise: Type.Optional(Type.Integer({ minimum: 0, maximum: maxPriceFilterPaise })),
  maxPricePaise: Type.Optional(Type.Integer({ minimum: 0, maximum: maxPriceFilterPaise })),
  /** Comma-separated ISO weekdays, 1 = Monday … 7 = Sunday: a listing matches if a batch meets on any. */
  days: Type.Optional(Type.String({ pattern: '^[1-7](,[1-7]){0,6}$' })),
  /** Comma-separated times of day: a listing matches if a batch starts in any. */
  times: Type.Optional(Type.String({ pattern: '^(morning|afternoon|evening)(,(morning|afternoon|evening)){0,2}$' })),
  /** Age of the student in years: the listing's age range must include it. */
  age: Type.Optional(Type.Integer({ minimum: studentAgeYears.min, maximum: studentAgeYears.max })),
  /** Comma-separated badges; a listing matches if its teacher holds all of them. */
  badges: Type.Optional(Type.String({ pattern: '^(teacher_of_the_day|super_teacher|verified)(,(teacher_of_the_day|super_teacher|verified)){0,2}$' })),
  radiusKm: Type.Optional(Type.Integer({ minimum: radiusKm.min, maximum: radiusKm.max, default: radiusKm.default })),
  sort: Type.Optional(Type.Enum(listingSorts, { default: 'distance' })),
  /** Opaque; pass back the previous page's nextCursor unchanged with the same filters. */
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  limit: Type.Optional(Type.Integer({ minimum: listingPageLimit.min, maximum: listingPageLimit.max, default: listingPageLimit.default })),
};

export const CategoryListingsParamsSchema = Type.Object(
  {
    /** The category's id or its slug. */
    id: Type.String({ minLength: 1, maxLength: 80 }),
  },
  { additionalProperties: false },
);
export type CategoryListingsParams = Static<typeof CategoryListingsParamsSchema>;

export const ListingFiltersQuerySchema = Type.Object(filterProperties, { additionalProperties: false });
export type ListingFiltersQuery = Static<typeof ListingFiltersQuerySchema>;

export const SearchQuerySchema = Type.Object(
  {
    ...filterProperties,
    /** Free text; typo-tolerant over teacher names, categories, programs and localities. Empty means "everything near". */
    q: Type.Optional(Type.String({ maxLength: searchTextMaxLength })),
    /** Narrow the search to one category slug. */
    category: Type.Optional(Slug),
    /** Match the words only as typed: no spelling correction, transliterations or guesses. */
    exact: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuerySchema>;

/** Suggestions as the learner types, from the first letter. */
export const SearchSuggestionsQuerySchema = Type.Object({ q: Type.String({ minLength: 1, maxLength: 60 }) }, { additionalProperties: false });
export type SearchSuggestionsQuery = Static<typeof SearchSuggestionsQuerySchema>;

export const searchSuggestionLimit = 5;

export const SearchSuggestionsSchema = Type.Object({
  /** Subjects whose name (or an everyday spelling of it) starts with or resembles the text. */
  subjects: Type.Array(Type.Object({ id: Uuid, slug: Type.String(), name: Type.String() }), { maxItems: searchSuggestionLimit }),
  /** Listed teachers whose first or last name starts with or resembles the text; `path` is their page. */
  teachers: Type.Array(Type.Object({ slug: Type.String(), name: Type.String(), categoryName: Type.String(), path: Type.String() }), {
    maxItems: searchSuggestionLimit,
  }),
  /** Localities and apartments by name or pincode. */
  places: Type.Array(
    Type.Object({ kind: Type.Union([Type.Literal('locality'), Type.Literal('apartment')]), slug: Type.String(), name: Type.String(), pincode: Type.String() }),
    { maxItems: searchSuggestionLimit },
  ),
});
export type SearchSuggestions = Static<typeof SearchSuggestionsSchema>;

export const CategoryRefSchema = Type.Object({ id: Uuid, slug: Type.String(), name: Type.String() });
export type CategoryRef = Static<typeof CategoryRefSchema>;

export const PlaceRefSchema = Type.Object({ slug: Type.String(), name: Type.String() });
export type PlaceRef = Static<typeof PlaceRefSchema>;

export const RatingSchema = Type.Object({
  /** 0 when nobody has rated yet; otherwise 1.00 to 5.00. */
  average: Type.Number({ minimum: 0, maximum: 5 }),
  count: Type.Integer({ minimum: 0 }),
});
export type Rating = Static<typeof RatingSchema>;

/**
 * A teacher's photo: square, stripped of metadata by the API. `url` is the 192 px file (a
 * 96 px box on a 2x screen); `srcset` lists every size for the browser to choose from.
 */
export const TeacherPhotoSchema = Type.Object({
  url: Type.String(),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
  srcset: Type.Array(Type.Object({ url: Type.String(), width: Type.Integer({ minimum: 1 }) })),
});
export type TeacherPhoto = Static<typeof TeacherPhotoSchema>;

/** A listing as it appears in lists, on the map and on the shortlist. */
const listingCardProperties = {
  id: Uuid,
  title: Type.String(),
  mode: Type.Enum(listingModes),
  teacher: Type.Object({
    id: Uuid,
    slug: Type.String(),
    name: Type.String(),
    photoUrl: Nullable(Type.String()),
    photo: Nullable(TeacherPhotoSchema),
    experienceYears: Type.Integer({ minimum: 0 }),
    rating: RatingSchema,
    badges: Type.Array(Type.Enum(badgeKinds)),
  }),
  category: CategoryRefSchema,
  locality: PlaceRefSchema,
  apartment: Nullable(PlaceRefSchema),
  /** Where classes happen, rounded to about 100 m: home tutors' exact addresses stay private. */
  location: GeoPointSchema,
  priceFromPaise: Type.Integer({ minimum: 0 }),
  ageRange: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
  /** Great-circle distance from the request's point, in metres; null for an online class, which has no trip. */
  distanceMetres: Nullable(Type.Integer({ minimum: 0 })),
  /** `locality` when the listing's point is only its locality's centre: its distance is shown rounded (domain/listing-values). */
  pointPrecision: Type.Enum(pointPrecisions),
  /** The earliest batch starting today or later; null when every batch is already running. */
  nextBatchStartsOn: Nullable(IsoDate),
  /** Seats left across the listing's batches. */
  seatsLeft: Type.Integer({ minimum: 0 }),
  /** Site path of the teacher's page, e.g. /discover/bengaluru/chess/teachers/kiran-rao-1a. */
  path: Type.String(),
};
export const ListingCardSchema = Type.Object(listingCardProperties);
export type ListingCard = Static<typeof ListingCardSchema>;

const listingPageProperties = {
  listings: Type.Array(ListingCardSchema),
  nextCursor: Nullable(Type.String()),
  /** The point distances were measured from, after normalising to 4 decimals (about 11 m). */
  origin: GeoPointSchema,
};
export const ListingPageSchema = Type.Object(listingPageProperties);
export type ListingPage = Static<typeof ListingPageSchema>;

export const CategoryListingPageSchema = Type.Object({ ...listingPageProperties, category: CategoryRefSchema });
export type CategoryListingPage = Static<typeof CategoryListingPageSchema>;

export const SearchPageSchema = Type.Object({
  ...listingPageProperties,
  /** The text after trimming and collapsing spaces; empty when the search was by filters only. */
  query: Type.String(),
  /** Categories whose names resemble the text, best first (at most 3), for "did you mean". */
  suggestedCategories: Type.Array(CategoryRefSchema),
  /**
   * The locality the text named by name or pincode ("guitar indiranagar", "560038"): the search
   * looked around it, so `origin` and every distance are from there. Null when the text named none.
   */
  place: Nullable(Type.Object({ slug: Type.String(), name: Type.String(), pincode: Type.String() })),
  /** The text as it was read when words were corrected ("gitar" → "guitar"); null when read as typed. */
  correctedQuery: Nullable(Type.String()),
});
export type SearchPage = Static<typeof SearchPageSchema>;

// Teacher page

export const BadgeSchema = Type.Object({
  kind: Type.Enum(badgeKinds),
  label: Type.String(),
  /** What the badge means, in a sentence a parent understands. */
  meaning: Type.String(),
  grantedAt: IsoDateTime,
  /** Why this teacher holds it. */
  reason: Type.String(),
});
export type Badge = Static<typeof BadgeSchema>;

export const ClassPackPlanSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  classesCount: Type.Integer({ minimum: 1 }),
  pricePaise: Type.Integer({ minimum: 0 }),
  pricePerClassPaise: Type.Integer({ minimum: 0 }),
  validityDays: Type.Integer({ minimum: 1 }),
});
export type ClassPackPlan = Static<typeof ClassPackPlanSchema>;

/** Where a batch meets as learners read it: `locality` is the teacher's centre, `learner_home` the learner's home near that locality. */
export const batchPlaceKinds = ['apartment', 'locality', 'learner_home', 'online'] as const;

export const BatchSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  daysOfWeek: Type.Array(Type.Integer({ minimum: 1, maximum: 7 })),
  /** HH:MM in IST. */
  startTime: Type.String({ pattern: '^[0-2][0-9]:[0-5][0-9]$' }),
  endTime: Type.String({ pattern: '^[0-2][0-9]:[0-5][0-9]$' }),
  startsOn: IsoDate,
  capacity: Type.Integer({ minimum: 1 }),
  seatsLeft: Type.Integer({ minimum: 0 }),
  place: Type.Object({
    kind: Type.Enum(batchPlaceKinds),
    /** Apartment or locality name; "Online" for online batches. */
    name: Type.String(),
    pincode: Nullable(Type.String()),
  }),
  plans: Type.Array(ClassPackPlanSchema),
});
export type Batch = Static<typeof BatchSchema>;

export const programLevels = ['beginner', 'intermediate', 'advanced', 'all_levels'] as const;

export const ProgramSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  level: Type.Enum(programLevels),
  description: Type.String(),
  batches: Type.Array(BatchSchema),
});
export type Program = Static<typeof ProgramSchema>;

export const TeacherPageListingSchema = Type.Object({
  id: Uuid,
  title: Type.String(),
  /** The teacher's own words about the listing (its About), as written: paragraphs split by blank lines. */
  about: Type.String(),
  mode: Type.Enum(listingModes),
  category: CategoryRefSchema,
  locality: PlaceRefSchema,
  apartment: Nullable(PlaceRefSchema),
  location: GeoPointSchema,
  priceFromPaise: Type.Integer({ minimum: 0 }),
  ageRange: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
  programs: Type.Array(ProgramSchema),
  /** Present only when the request carried lat and long. */
  distanceMetres: Type.Optional(Type.Integer({ minimum: 0 })),
  /** `locality` when the listing's point is only its locality's centre: its distance is shown rounded. */
  pointPrecision: Type.Enum(pointPrecisions),
  path: Type.String(),
});
export type TeacherPageListing = Static<typeof TeacherPageListingSchema>;

/** The teacher's one public reply under a review. */
export const ReviewReplySchema = Type.Object({
  text: Type.String(),
  repliedAt: IsoDateTime,
});
export type ReviewReply = Static<typeof ReviewReplySchema>;

export const ReviewSchema = Type.Object({
  id: Uuid,
  authorName: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.String(),
  createdAt: IsoDateTime,
  categoryName: Type.String(),
  reply: Nullable(ReviewReplySchema),
});
export type Review = Static<typeof ReviewSchema>;

export const TeacherPageSchema = Type.Object({
  teacher: Type.Object({
    id: Uuid,
    slug: Type.String(),
    name: Type.String(),
    photoUrl: Nullable(Type.String()),
    photo: Nullable(TeacherPhotoSchema),
    /**
     * The teacher's link-preview card on this site (a PNG of `teacherPreviewImageSize`, format/teacher-preview-image.ts): name,
     * subject, locality and rating. Pages use it as og:image when the teacher has no photo. The
     * `v` query changes with what the card shows, so link unfurlers fetch a changed card anew.
     */
    previewImagePath: Type.String(),
    bio: Type.String(),
    qualifications: Type.Array(Type.String()),
    experienceYears: Type.Integer({ minimum: 0 }),
    languages: Type.Array(Type.String()),
    rating: RatingSchema,
    badges: Type.Array(BadgeSchema),
    memberSince: IsoDate,
  }),
  /** Active listings, the primary (canonical) one first. */
  listings: Type.Array(TeacherPageListingSchema),
  /** Newest first, at most 20; rating.count also counts ratings left without a comment. */
  reviews: Type.Array(ReviewSchema),
  /** The one path search engines should index for this teacher. */
  canonicalPath: Type.String(),
});
export type TeacherPage = Static<typeof TeacherPageSchema>;

export const TeacherPreviewImageQuerySchema = Type.Object(
  {
    /** The card's version from `previewImagePath`; any version answers with the current card. */
    v: Type.Optional(Type.String({ pattern: '^[0-9a-f]{1,64}$' })),
  },
  { additionalProperties: false },
);
export type TeacherPreviewImageQuery = Static<typeof TeacherPreviewImageQuerySchema>;

export const TeacherSlugParamsSchema = Type.Object({ slug: Slug }, { additionalProperties: false });
export type TeacherSlugParams = Static<typeof TeacherSlugParamsSchema>;

// Shortlist

export const ShortlistRequestSchema = Type.Object({ teacherListingID: Uuid }, { additionalProperties: false });
export type ShortlistRequest = Static<typeof ShortlistRequestSchema>;

export const ShortlistChangeSchema = Type.Object({
  teacherListingID: Uuid,
  shortlisted: Type.Boolean(),
});
export type ShortlistChange = Static<typeof ShortlistChangeSchema>;

export const ListingIdParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type ListingIdParams = Static<typeof ListingIdParamsSchema>;

export const ShortlistedListingSchema = Type.Object({ ...listingCardProperties, shortlistedAt: IsoDateTime });
export type ShortlistedListing = Static<typeof ShortlistedListingSchema>;

/** Newest first; at most `shortlistMaxSize` entries per learner. */
export const ShortlistSchema = Type.Object({ listings: Type.Array(ShortlistedListingSchema) });
export type Shortlist = Static<typeof ShortlistSchema>;

export const shortlistMaxSize = 50;

// Apartments

export const ApartmentSummarySchema = Type.Object({
  id: Uuid,
  slug: Type.String(),
  name: Type.String(),
  locality: PlaceRefSchema,
  pincode: Type.String(),
  location: GeoPointSchema,
  activeListingCount: Type.Integer({ minimum: 0 }),
  /** Present when the request carried lat and long. */
  distanceMetres: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ApartmentSummary = Static<typeof ApartmentSummarySchema>;

export const ApartmentSearchQuerySchema = Type.Object({ search: Type.String({ maxLength: searchTextMaxLength }) }, { additionalProperties: false });
export type ApartmentSearchQuery = Static<typeof ApartmentSearchQuerySchema>;

export const ApartmentSearchResultSchema = Type.Object({ apartments: Type.Array(ApartmentSummarySchema) });
export type ApartmentSearchResult = Static<typeof ApartmentSearchResultSchema>;

/** Either `slug` (one apartment and its classes) or `lat` and `long` (apartments nearby with classes). */
export const ApartmentsQuerySchema = Type.Object(
  {
    slug: Type.Optional(Slug),
    lat: Type.Optional(Latitude),
    long: Type.Optional(Longitude),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 6 })),
  },
  { additionalProperties: false },
);
export type ApartmentsQuery = Static<typeof ApartmentsQuerySchema>;

export const ApartmentDetailSchema = Type.Object({
  apartment: ApartmentSummarySchema,
  listings: Type.Array(ListingCardSchema),
});
export type ApartmentDetail = Static<typeof ApartmentDetailSchema>;

export const NearbyApartmentsSchema = Type.Object({ apartments: Type.Array(ApartmentSummarySchema) });
export type NearbyApartments = Static<typeof NearbyApartmentsSchema>;

// Discover home: every section in one round trip, so a cheap phone paints it after one request.

export const DiscoverHomeSchema = Type.Object({
  origin: GeoPointSchema,
  teacherOfTheDay: Nullable(ListingCardSchema),
  superTeachers: Type.Array(ListingCardSchema),
  verifiedTeachers: Type.Array(ListingCardSchema),
  popularCategories: Type.Array(
    Type.Object({ id: Uuid, slug: Type.String(), name: Type.String(), icon: Type.String(), nearbyListingCount: Type.Integer({ minimum: 0 }) }),
  ),
  nearbyApartments: Type.Array(ApartmentSummarySchema),
});
export type DiscoverHome = Static<typeof DiscoverHomeSchema>;

// Meet: demo classes in the coming days, for trying a teacher before paying.

export const DemoClassesQuerySchema = Type.Object(
  {
    lat: Latitude,
    long: Longitude,
    /** How many days ahead, from today in IST. */
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 14, default: 7 })),
    category: Type.Optional(Slug),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 30 })),
  },
  { additionalProperties: false },
);
export type DemoClassesQuery = Static<typeof DemoClassesQuerySchema>;

export const DemoClassSchema = Type.Object({
  sessionId: Uuid,
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  batch: Type.Object({ id: Uuid, name: Type.String(), seatsLeft: Type.Integer({ minimum: 0 }) }),
  program: Type.Object({ id: Uuid, name: Type.String(), level: Type.Enum(programLevels) }),
  listing: ListingCardSchema,
});
export type DemoClass = Static<typeof DemoClassSchema>;

export const DemoClassListSchema = Type.Object({ origin: GeoPointSchema, demoClasses: Type.Array(DemoClassSchema) });
export type DemoClassList = Static<typeof DemoClassListSchema>;
