import { Compile } from 'typebox/compile';
import {
  ListingChangeSchema,
  type BatchPlace as ProposedBatchPlace,
  type ListingChange,
  type ListingChangeView,
} from '@kalike/shared/contracts/listing-review';
import { formatCalendarDate, formatClockTime, formatWeekdays } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import type { ClassPackPlanRow } from '../../shared/class-pack-plans';
import type { ListingMode } from '../../db/schema';
import type { PendingChangeRow, ReviewBatchRow, ReviewListingRow, ReviewProgramRow } from './listing-review.repository';

// What an admin reads: the listing as a learner would meet it, and each held change as what
// it was and what it would become, in sentences rather than ids.

const checkChange = Compile(ListingChangeSchema);

/** A held change's proposed values, as the listings module wrote them; anything else is a fault. */
export function parseListingChange(proposed: unknown): ListingChange {
  const value = typeof proposed === 'string' ? (JSON.parse(proposed) as unknown) : proposed;
  if (!checkChange.Check(value)) throw new Error('A held listing change does not match ListingChangeSchema');
  return value;
}

const modeWords: Record<ListingMode, string> = {
  at_home: "At the learner's home",
  at_centre: "At the teacher's centre",
  apartment: 'In an apartment complex',
  online: 'Online',
};

const levelWords = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced', all_levels: 'All levels' } as const;

/** "12.9719, 77.6412": a point to four decimals (about 11 m), as the marketplace rounds it. */
export function pointWords(lat: number, lng: number): string {
  return `${lat.toFixed(4)}, ${lng.toFixed(4)}`;
}

export function listingPlaceWords(listing: Pick<ReviewListingRow, 'mode' | 'locality_name' | 'locality_pincode' | 'apartment_name' | 'lat' | 'lng'>): string {
  const where = listing.apartment_name ? `${listing.apartment_name}, ${listing.locality_name}` : listing.locality_name;
  if (listing.mode === 'online') return `Online; shown near ${where} ${listing.locality_pincode}`;
  return `${where} ${listing.locality_pincode} (${pointWords(listing.lat, listing.lng)})`;
}

export function aboutWords(listing: Pick<ReviewListingRow, 'mode' | 'age_min' | 'age_max' | 'teacher_bio'>): string {
  return `${modeWords[listing.mode]}, ages ${listing.age_min}–${listing.age_max}. ${listing.teacher_bio}`.trim();
}

export function programWords(program: Pick<ReviewProgramRow, 'name' | 'level' | 'description'>): string {
  return `${program.name} (${levelWords[program.level]}): ${program.description}`;
}

/** Where a batch meets today, from its columns. */
export function batchPlaceWords(batch: Pick<ReviewBatchRow, 'place' | 'apartment_name' | 'locality_name'>): string {
  if (batch.place === 'online') return 'online';
  if (batch.place === 'apartment') return `at ${batch.apartment_name ?? 'an apartment complex'}`;
  return `in ${batch.locality_name ?? 'a locality'}`;
}

export function batchWords(batch: ReviewBatchRow): string {
  const until = batch.ends_on ? ` to ${formatCalendarDate(batch.ends_on)}` : '';
  return (
    `${batch.name}: ${formatWeekdays(batch.days_of_week)}, ${formatClockTime(batch.start_time)}–${formatClockTime(batch.end_time)}, ` +
    `from ${formatCalendarDate(batch.starts_on)}${until}, ${batch.capacity} seats (${batch.seats_taken} taken), ${batchPlaceWords(batch)}`
  );
}

export function classPackWords(plan: ClassPackPlanRow, batchName: string): string {
  const classes = plan.classes_count === 1 ? '1 class' : `${plan.classes_count} classes`;
  return `${plan.name} (${batchName}): ${classes} within ${plan.validity_days} days, ${formatPaise(plan.price_paise)}`;
}

/** Names of the places a proposed change points at, looked up by id. */
export interface PlaceNames {
  localities: ReadonlyMap<string, string>;
  apartments: ReadonlyMap<string, string>;
}

export function proposedBatchPlaceWords(place: ProposedBatchPlace, names: PlaceNames): string {
  const locality = (id: string) => names.localities.get(id) ?? 'an unknown locality';
  switch (place.kind) {
    case 'centre':
      return `at the teacher's centre, ${place.address}, ${locality(place.localityId)} (${pointWords(place.lat, place.lng)})`;
    case 'apartment':
      return `at ${names.apartments.get(place.apartmentId) ?? 'an unknown apartment complex'}`;
    case 'learner_home':
      return `at the learner's home, within ${place.radiusKm} km of ${locality(place.localityId)}`;
    case 'online':
      return 'online (the room link goes only to paying students)';
  }
}

/** The listing's rows a held change can point at. */
export interface ListingRows {
  listing: ReviewListingRow;
  batches: ReadonlyMap<string, ReviewBatchRow>;
  plans: ReadonlyMap<string, ClassPackPlanRow>;
}

const gone = 'No longer part of the listing';

export function changeView(row: PendingChangeRow, rows: ListingRows, names: PlaceNames): ListingChangeView {
  const change = parseListingChange(row.proposed);
  const base = { id: row.id, kind: change.kind, createdAt: new Date(row.created_at).toISOString() };
  switch (change.kind) {
    case 'plan_price': {
      const plan = rows.plans.get(change.targetId);
      const batch = plan ? rows.batches.get(plan.batch_id) : undefined;
      return {
        ...base,
        what: plan ? `Price of '${plan.name}' (${batch?.name ?? 'a batch'})` : 'Price of a class pack',
        before: plan ? formatPaise(plan.price_paise) : gone,
        after: formatPaise(change.pricePaise),
      };
    }
    case 'batch_place': {
      const batch = rows.batches.get(change.targetId);
      return {
        ...base,
        what: batch ? `Where the batch '${batch.name}' meets` : 'Where a batch meets',
        before: batch ? batchPlaceWords(batch) : gone,
        after: proposedBatchPlaceWords(change.place, names),
      };
    }
    case 'listing_place':
      return {
        ...base,
        what: 'Where the listing is found on maps and in search',
        before: `${rows.listing.locality_name} (${pointWords(rows.listing.lat, rows.listing.lng)})`,
        after: `${names.localities.get(change.localityId) ?? 'an unknown locality'} (${pointWords(change.lat, change.lng)})`,
      };
  }
}

/** The ids of the localities and apartments the held changes name, to look their names up. */
export function placesNamedBy(changes: readonly ListingChange[]): { localityIds: string[]; apartmentIds: string[] } {
  const localityIds = new Set<string>();
  const apartmentIds = new Set<string>();
  for (const change of changes) {
    if (change.kind === 'listing_place') localityIds.add(change.localityId);
    if (change.kind === 'batch_place') {
      if (change.place.kind === 'apartment') apartmentIds.add(change.place.apartmentId);
      if (change.place.kind === 'centre' || change.place.kind === 'learner_home') localityIds.add(change.place.localityId);
    }
  }
  return { localityIds: [...localityIds], apartmentIds: [...apartmentIds] };
}
