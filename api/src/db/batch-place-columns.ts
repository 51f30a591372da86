import type { BatchPlace } from '@kalike/shared/contracts/listing-review';

/**
 * The `batches` columns a place is stored in, every other place column cleared: the one
 * mapping used when a teacher writes a batch and when an admin approves a held change of place.
 * A centre is stored as `locality` with its address and pin.
 */
export function batchPlaceColumns(place: BatchPlace) {
  const none = { apartment_id: null, locality_id: null, centre_address: null, centre_lat: null, centre_lng: null, radius_km: null, online_link: null };
  switch (place.kind) {
    case 'apartment':
      return { ...none, place: 'apartment' as const, apartment_id: place.apartmentId };
    case 'learner_home':
      return { ...none, place: 'learner_home' as const, locality_id: place.localityId, radius_km: place.radiusKm };
    case 'online':
      return { ...none, place: 'online' as const, online_link: place.onlineLink };
    case 'centre':
      return {
        ...none,
        place: 'locality' as const,
        locality_id: place.localityId,
        centre_address: place.address.trim(),
        centre_lat: place.lat,
        centre_lng: place.lng,
      };
  }
}
