import { addDaysToDateKey } from '@kalike/shared/format/dates';
import type { ListingMode } from '../../schema';
import type { SeedRow } from '../bulk-insert';
import type { Random } from '../random';
import { istTimestamp, type ListingGen, type TeacherGen } from '../seed-context';
import type { SeededPlaces } from '../seed-teachers';
import type { ClassSeedContext } from './class-seed-context';

export interface ListingSpec {
  teacher: TeacherGen;
  category: ListingGen['category'];
  /** The teacher of the day's first listing hosts the family batches, so it meets in person. */
  hostsFamily: boolean;
}

export interface DrawnListing {
  listing: ListingGen;
  /** Its filter masks are still zero: they are filled in as the listing's batches are drawn. */
  row: SeedRow<'teacher_listings'>;
  programNames: string[];
  ages: { min: number; max: number };
}

function jitter(random: Random, value: number, spread: number): number {
  return Math.round((value + (random.next() * 2 - 1) * spread) * 1e6) / 1e6;
}

function drawPlace(random: Random, { teacher, category, hostsFamily }: ListingSpec, places: SeededPlaces) {
  // Swapping in a mode that draws nothing extra keeps every later listing as it was.
  const drawnMode = random.pick(category.modes);
  const mode: ListingMode = hostsFamily && drawnMode === 'online' ? (category.modes.includes('at_centre') ? 'at_centre' : 'at_home') : drawnMode;
  let locality = random.chance(0.75) ? teacher.home : random.pick(places.localities);
  let apartment: ListingGen['apartment'] = null;
  let lat = jitter(random, locality.lat, 0.012);
  let lng = jitter(random, locality.lng, 0.012);
  if (mode === 'apartment') {
    apartment = random.pick(places.apartments);
    const apartmentLocality = places.localityBySlug.get(apartment.locality);
    if (apartmentLocality) locality = apartmentLocality;
    lat = apartment.lat;
    lng = apartment.lng;
  }
  return { mode, locality, apartment, lat, lng };
}

/**
 * One listing of a teacher's: where it meets, its price, title and ages from the listings stream,
 * and the names of its programs from the classes stream.
 */
export function drawListing({ anchor, profile, places, categoryIds, streams }: ClassSeedContext, spec: ListingSpec): DrawnListing {
  const { teacher, category, hostsFamily } = spec;
  const random = streams.listing;
  const { mode, locality, apartment, lat, lng } = drawPlace(random, spec, places);
  const perClassPaise = random.int(category.perClassRupees[0] / 50, category.perClassRupees[1] / 50) * 5000;
  const baseTitle = random.pick(category.titles);
  const title =
    mode === 'online' ? `${baseTitle} (online)` : mode === 'apartment' && apartment ? `${baseTitle} at ${apartment.name}` : `${baseTitle} in ${locality.name}`;
  const ageMin = Math.min(category.ages[1] - 2, category.ages[0] + random.int(0, 3));
  const ageMax = Math.max(ageMin + 2, category.ages[1] - random.int(0, 5));
  const categoryId = categoryIds.get(category.slug);
  if (!categoryId) throw new Error(`Listing in unknown category ${category.slug}`);
  const listing: ListingGen = { id: random.uuid(), teacher, category, locality, apartment, mode, perClassPaise, active: true };

  const programNames = streams.class.sample(category.programs, streams.class.int(...profile.programsPerListing));
  const searchText = [title, category.name, teacher.name, locality.name, apartment?.name ?? '', ...programNames].filter(Boolean).join(' ').toLowerCase();
  listing.active = !random.chance(0.05) || hostsFamily;
  const row: SeedRow<'teacher_listings'> = {
    id: listing.id,
    teacher_id: teacher.id,
    category_id: categoryId,
    title,
    locality_id: locality.id,
    apartment_id: apartment?.id ?? null,
    lat,
    lng,
    mode,
    price_from_paise: perClassPaise * 8,
    age_min: ageMin,
    age_max: ageMax,
    search_text: searchText,
    is_active: listing.active,
    review_state: 'live',
    created_at: istTimestamp(addDaysToDateKey(anchor, -random.int(0, 400)), '11:00'),
    day_mask: 0,
    time_mask: 0,
    badge_mask: teacher.badgeMask,
    teacher_rating_avg: teacher.ratingAvg,
  };
  return { listing, row, programNames, ages: { min: ageMin, max: ageMax } };
}
