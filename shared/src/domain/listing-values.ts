/**
 * The values marketplace requests may carry: kept free of schema code so the browser can
 * offer them as choices without loading the contracts, and so the API's schemas
 * (contracts/teacher-listings.ts) and the UI's filters are built from the same lists.
 */
export const listingModes = ['at_home', 'at_centre', 'apartment', 'online'] as const;
export type ListingModeKind = (typeof listingModes)[number];

/**
 * How precisely a listing's point is known: `exact` (an apartment, a centre pinned on the map),
 * or `locality` when it is only its locality's centre (a centre placed there, a home tutor's
 * locality, a listing with no in-person batch). A distance from a locality's centre is shown
 * rounded ("about 2 km"): it can be a kilometre or more out.
 */
export const pointPrecisions = ['exact', 'locality'] as const;
export type PointPrecision = (typeof pointPrecisions)[number];

export const badgeKinds = ['teacher_of_the_day', 'super_teacher', 'verified'] as const;
export type BadgeKind = (typeof badgeKinds)[number];

export const listingSorts = ['distance', 'rating', 'price_low', 'price_high'] as const;
export type ListingSort = (typeof listingSorts)[number];

/** Morning starts before 12:00, afternoon before 16:00, evening from 16:00 (IST). */
export const timesOfDay = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

/** How each time of day reads in filters and forms, with the boundaries above as its hint. */
export const timeOfDayLabels: Record<TimeOfDay, { label: string; hint: string }> = {
  morning: { label: 'Morning', hint: 'before 12 noon' },
  afternoon: { label: 'Afternoon', hint: '12 to 4 pm' },
  evening: { label: 'Evening', hint: 'after 4 pm' },
};

/** Pages: default and largest page size, and how far "near you" reaches. */
export const listingPageLimit = { min: 1, max: 50, default: 20 } as const;
export const radiusKm = { min: 1, max: 50, default: 25 } as const;
/** The price filter's upper bound: ₹10 lakh, in paise. */
export const maxPriceFilterPaise = 100_000_000;
/** A student's age in years, as the age filter accepts it. */
export const studentAgeYears = { min: 1, max: 99 } as const;
