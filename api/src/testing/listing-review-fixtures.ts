import type { Kysely } from 'kysely';
import type { ListingChange } from '@kalike/shared/contracts/listing-review';
import type { ListingReviewState } from '@kalike/shared/domain/listing-review-lifecycle';
import type { Database } from '../db/schema';

export interface ReviewListingFixture {
  listingId: string;
  batchId: string;
  planIds: [string, string];
  lat: number;
  lng: number;
  categorySlug: string;
}

/**
 * A teacher's listing as the listings module leaves it: one program, a Tue/Thu evening
 * batch in the locality and two class packs, in `state` (not active unless live).
 */
export async function newTeacherListing(
  db: Kysely<Database>,
  {
    teacherId,
    title,
    state,
    categorySlug = 'chess',
    localitySlug = 'jayanagar',
  }: { teacherId: string; title: string; state: ListingReviewState; categorySlug?: string; localitySlug?: string },
): Promise<ReviewListingFixture> {
  const category = await db.selectFrom('categories').select('id').where('slug', '=', categorySlug).executeTakeFirstOrThrow();
  const locality = await db.selectFrom('localities').select(['id', 'name', 'lat', 'lng']).where('slug', '=', localitySlug).executeTakeFirstOrThrow();
  const teacher = await db.selectFrom('teachers').select('name').where('id', '=', teacherId).executeTakeFirstOrThrow();
  const listing = await db
    .insertInto('teacher_listings')
    .values({
      teacher_id: teacherId,
      category_id: category.id,
      title,
      locality_id: locality.id,
      apartment_id: null,
      lat: locality.lat,
      lng: locality.lng,
      mode: 'at_centre',
      price_from_paise: 320_000,
      age_min: 7,
      age_max: 14,
      search_text: `${title} ${categorySlug} ${teacher.name} ${locality.name}`.toLowerCase(),
      review_state: state,
      is_active: state === 'live',
      submitted_at: state === 'in_review' ? new Date('2025-06-01T04:30:00.000Z') : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const program = await db
    .insertInto('programs')
    .values({ listing_id: listing.id, name: 'Openings and tactics', level: 'beginner', description: 'How to start a game well and spot forks.' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batch = await db
    .insertInto('batches')
    .values({
      program_id: program.id,
      name: 'Tue & Thu, 5:30 pm',
      days_of_week: [2, 4],
      start_time: '17:30',
      end_time: '18:30',
      starts_on: '2025-06-10',
      capacity: 8,
      seats_taken: 0,
      place: 'locality',
      apartment_id: null,
      locality_id: locality.id,
      ends_on: null,
      online_link: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const plans = await db
    .insertInto('class_pack_plans')
    .values([
      { batch_id: batch.id, name: '8 classes', classes_count: 8, price_paise: 320_000, validity_days: 45 },
      { batch_id: batch.id, name: '24 classes', classes_count: 24, price_paise: 900_000, validity_days: 120 },
    ])
    .returning('id')
    .execute();
  return { listingId: listing.id, batchId: batch.id, planIds: [plans[0]!.id, plans[1]!.id], lat: locality.lat, lng: locality.lng, categorySlug };
}

/** A held change to a live listing, as the listings module writes it. */
export async function holdChange(
  db: Kysely<Database>,
  listingId: string,
  change: ListingChange,
  createdAt = new Date('2025-06-01T06:00:00.000Z'),
): Promise<string> {
  const row = await db
    .insertInto('listing_changes')
    .values({
      listing_id: listingId,
      kind: change.kind,
      target_id: change.kind === 'listing_place' ? null : change.targetId,
      proposed: JSON.stringify(change),
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
