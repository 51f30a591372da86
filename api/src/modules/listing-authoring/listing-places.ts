import type { BatchPlace } from '@kalike/shared/contracts/listing-review';
import { formatClockTime, formatWeekdays } from '@kalike/shared/format/dates';
import { DomainError } from '../../shared/domain-error';
import type { ListingAuthoringQueries } from './listing-authoring.repository';
import type { BatchRow } from './listing-batches.repository';
import { localityNotFound } from './listing-authoring-errors';

type PlaceQueries = Pick<ListingAuthoringQueries, 'findApartment' | 'findLocality'>;

/** When a batch meets, as the teacher reads it: "Tue, Thu, 5:00 pm–6:00 pm". */
export const batchWhen = (batch: { days_of_week: readonly number[]; start_time: string; end_time: string }) =>
  `${formatWeekdays(batch.days_of_week)}, ${formatClockTime(batch.start_time)}–${formatClockTime(batch.end_time)}`;

/** The place a batch row stores, as the contract's shape. */
export function placeOfRow(row: BatchRow): BatchPlace {
  switch (row.place) {
    case 'apartment':
      return { kind: 'apartment', apartmentId: row.apartment_id ?? '' };
    case 'learner_home':
      return { kind: 'learner_home', localityId: row.locality_id ?? '', radiusKm: row.radius_km ?? 1 };
    case 'online':
      return { kind: 'online', onlineLink: row.online_link ?? '' };
    default:
      return {
        kind: 'centre',
        localityId: row.locality_id ?? '',
        address: row.centre_address ?? row.locality_name ?? '',
        lat: row.centre_lat ?? row.locality_lat ?? 0,
        lng: row.centre_lng ?? row.locality_lng ?? 0,
      };
  }
}

export const samePlace = (a: BatchPlace, b: BatchPlace) => JSON.stringify(a) === JSON.stringify(b);

/** Where a new batch on a live listing may meet without review: a place the listing's approved batches use already. */
export function approvedPlaceCovers(approved: readonly BatchPlace[], place: BatchPlace): boolean {
  return approved.some((known) => {
    if (known.kind !== place.kind) return false;
    if (known.kind === 'online') return true;
    if (known.kind === 'apartment' && place.kind === 'apartment') return known.apartmentId === place.apartmentId;
    return samePlace(known, place);
  });
}

/** A place in words, for the views: its apartment, locality or address named. */
export async function placeLabel(tx: PlaceQueries, place: BatchPlace): Promise<string> {
  switch (place.kind) {
    case 'online':
      return 'Online';
    case 'apartment': {
      const apartment = await tx.findApartment(place.apartmentId);
      return apartment ? `${apartment.name}, ${apartment.locality_name}` : 'An apartment';
    }
    case 'learner_home': {
      const locality = await tx.findLocality(place.localityId);
      return `Learners' homes within ${place.radiusKm} km of ${locality?.name ?? 'the locality'}`;
    }
    default: {
      const locality = await tx.findLocality(place.localityId);
      return locality && !place.address.includes(locality.name) ? `${place.address}, ${locality.name}` : place.address;
    }
  }
}

/** The apartment or locality a place names exists. */
export async function checkPlace(tx: PlaceQueries, place: BatchPlace): Promise<void> {
  if (place.kind === 'apartment') {
    if (!(await tx.findApartment(place.apartmentId))) throw new DomainError('APARTMENT_NOT_FOUND', 'Choose an apartment from the list', 400);
  } else if (place.kind !== 'online') {
    if (!(await tx.findLocality(place.localityId))) throw localityNotFound();
  }
}
