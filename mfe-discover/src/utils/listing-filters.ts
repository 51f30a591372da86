import {
  badgeKinds,
  listingModes,
  listingSorts,
  maxPriceFilterPaise as maxPricePaise,
  radiusKm as radiusLimits,
  studentAgeYears as ageLimits,
  timesOfDay,
  type BadgeKind,
  type ListingModeKind,
  type ListingSort,
  type TimeOfDay,
} from '@kalike/shared/domain/listing-values';

export const radiusOptionsKm = [2, 5, 10, 25, 50] as const;

export const defaultSort: ListingSort = 'distance';

/** The filters of a listing list, as held in the page's URL. */
export interface ListingFilters {
  modes: ListingModeKind[];
  minPricePaise?: number;
  maxPricePaise?: number;
  /** ISO weekdays, 1 = Monday. */
  days: number[];
  times: TimeOfDay[];
  age?: number;
  badges: BadgeKind[];
  radiusKm?: number;
  sort: ListingSort;
}

export const emptyFilters: ListingFilters = { modes: [], days: [], times: [], badges: [], sort: defaultSort };

/** The URL parameter names are the API's, so a shared link reads the same as the request it makes. */
export const filterParamNames = ['mode', 'minPricePaise', 'maxPricePaise', 'days', 'times', 'age', 'badges', 'radiusKm', 'sort'] as const;

function listOf<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  if (!raw) return [];
  const wanted = new Set(raw.split(',').map((part) => part.trim()));
  // Keep the canonical order, so the same choice always makes the same URL and cache key.
  return allowed.filter((value) => wanted.has(value));
}

function integerIn(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return undefined;
  const value = Number(raw.trim());
  return value >= min && value <= max ? value : undefined;
}

/**
 * Reads filters from the URL. Links are shared and edited by hand, so each value is
 * checked on its own and anything malformed is ignored rather than failing the page.
 */
export function parseListingFilters(params: URLSearchParams): ListingFilters {
  const days = listOf(params.get('days'), ['1', '2', '3', '4', '5', '6', '7'] as const).map(Number);
  let minPricePaise = integerIn(params.get('minPricePaise'), 0, maxPricePaise);
  let maxPrice = integerIn(params.get('maxPricePaise'), 0, maxPricePaise);
  // A range that ends before it starts says nothing usable; keep neither bound.
  if (minPricePaise !== undefined && maxPrice !== undefined && maxPrice < minPricePaise) {
    minPricePaise = undefined;
    maxPrice = undefined;
  }
  const sort = params.get('sort');
  return {
    modes: listOf(params.get('mode'), listingModes),
    ...optional('minPricePaise', minPricePaise),
    ...optional('maxPricePaise', maxPrice),
    days,
    times: listOf(params.get('times'), timesOfDay),
    ...optional('age', integerIn(params.get('age'), ageLimits.min, ageLimits.max)),
    badges: listOf(params.get('badges'), badgeKinds),
    ...optional('radiusKm', integerIn(params.get('radiusKm'), radiusLimits.min, radiusLimits.max)),
    sort: listingSorts.find((option) => option === sort) ?? defaultSort,
  };
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>);
}

/** The filters as URL (and API) parameters; defaults and empty lists are left out. */
export function filterParams(filters: ListingFilters): Record<(typeof filterParamNames)[number], string | undefined> {
  const list = (values: readonly (string | number)[]) => (values.length > 0 ? values.join(',') : undefined);
  const number = (value: number | undefined) => (value === undefined ? undefined : String(value));
  return {
    mode: list(filters.modes),
    minPricePaise: number(filters.minPricePaise),
    maxPricePaise: number(filters.maxPricePaise),
    days: list([...filters.days].sort((a, b) => a - b)),
    times: list(filters.times),
    age: number(filters.age),
    badges: list(filters.badges),
    radiusKm: number(filters.radiusKm),
    sort: filters.sort === defaultSort ? undefined : filters.sort,
  };
}

/** Writes filters into a copy of the URL's parameters, keeping the others (q, view, …). */
export function withFilters(params: URLSearchParams, filters: ListingFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(filterParams(filters))) {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** How many filters narrow the list (sort does not count: it only orders it). */
export function activeFilterCount(filters: ListingFilters): number {
  return (
    (filters.modes.length > 0 ? 1 : 0) +
    (filters.minPricePaise !== undefined || filters.maxPricePaise !== undefined ? 1 : 0) +
    (filters.days.length > 0 ? 1 : 0) +
    (filters.times.length > 0 ? 1 : 0) +
    (filters.age !== undefined ? 1 : 0) +
    (filters.badges.length > 0 ? 1 : 0) +
    (filters.radiusKm !== undefined ? 1 : 0)
  );
}
