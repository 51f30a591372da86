import { listingPageLimit, radiusKm } from '@kalike/shared/domain/listing-values';
import { type ApartmentDetail, type ApartmentSearchResult, type ApartmentSummary, type NearbyApartments } from '@kalike/shared/contracts/teacher-listings';
import { DomainError } from '../../shared/domain-error';
import type { ListingPageService } from '../teacher-listings/teacher-listings.port';
import { placePoint, type LearnerPoint } from '../../shared/learner-point';
import type { ApartmentRow, ApartmentsRepository } from './apartments.repository';

const SEARCH_LIMIT = 10;

export function toApartmentSummary(row: ApartmentRow): ApartmentSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    locality: { slug: row.locality_slug, name: row.locality_name },
    pincode: row.pincode,
    location: { lat: row.lat, lng: row.lng },
    activeListingCount: row.active_listing_count,
    ...(row.distance_m === null ? {} : { distanceMetres: Math.round(Number(row.distance_m)) }),
  };
}

export function createApartmentsService(repository: ApartmentsRepository, listings: ListingPageService) {
  return {
    async search(text: string): Promise<ApartmentSearchResult> {
      const search = text.trim().replace(/\s+/g, ' ');
      if (search === '') return { apartments: [] };
      const rows = await repository.search(search, SEARCH_LIMIT);
      return { apartments: rows.map(toApartmentSummary) };
    },

    /**
     * One apartment and the classes held there, best rated first. Distances are measured from
     * the apartment itself, which is where its residents start from.
     */
    async detail(slug: string): Promise<ApartmentDetail> {
      const apartment = await repository.findBySlug(slug);
      if (!apartment) throw new DomainError('APARTMENT_NOT_FOUND', `No apartment with slug "${slug}"`, 404);
      const origin = placePoint(apartment);
      const positions = await listings.findPositions({ origin, radiusM: radiusKm.max * 1000, apartmentId: apartment.id }, listingPageLimit.max, 'rating');
      return {
        apartment: toApartmentSummary(apartment),
        listings: await listings.cardsInOrder(
          positions.map((position) => position.id),
          origin,
        ),
      };
    },

    async nearby(point: LearnerPoint, limit: number): Promise<NearbyApartments> {
      const rows = await repository.findNearbyWithListings(point, limit);
      return { apartments: rows.map(toApartmentSummary) };
    },
  };
}

export type ApartmentsService = ReturnType<typeof createApartmentsService>;
