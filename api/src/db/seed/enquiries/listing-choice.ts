import { isOpenEnquiry } from '@kalike/shared/domain/enquiry-lifecycle';
import type { Need, Plan } from './enquiry-plans';
import type { EnquirySeedContext, Offer, SeedBatch, SeedListing } from './enquiry-seed-context';

export type ChooseListing = (plan: Plan) => Promise<{ listing: SeedListing; offer: Offer | null }>;

/**
 * Picks the listing each planned enquiry goes to: the teacher of the day's own listings first
 * when the plan says so, else one listing of each of a few dozen other teachers drawn at random,
 * so the enquiries reach various teachers.
 */
export function createListingChooser(
  { db, random, teacherOfTheDayId, hoursFromStart }: EnquirySeedContext,
  listings: readonly SeedListing[],
  batches: readonly SeedBatch[],
): ChooseListing {
  const batchesByListing = new Map<string, SeedBatch[]>();
  for (const batch of batches) batchesByListing.set(batch.listingId, [...(batchesByListing.get(batch.listingId) ?? []), batch]);
  const usable = (listing: SeedListing) => listing.active && (batchesByListing.get(listing.id)?.length ?? 0) > 0;
  const ownListings = listings.filter((listing) => listing.teacherId === teacherOfTheDayId && usable(listing));
  const firstPerTeacher = new Map<string, SeedListing>();
  for (const listing of listings) {
    if (listing.teacherId !== teacherOfTheDayId && usable(listing) && !firstPerTeacher.has(listing.teacherId)) {
      firstPerTeacher.set(listing.teacherId, listing);
    }
  }
  const otherListings = random.sample([...firstPerTeacher.values()], 40);

  async function firstSession(batchIds: string[], notBefore: Date): Promise<{ id: string; batch_id: string } | undefined> {
    if (batchIds.length === 0) return undefined;
    return db
      .selectFrom('class_sessions')
      .select(['id', 'batch_id'])
      .where('batch_id', 'in', batchIds)
      .where('status', '=', 'scheduled')
      .where('starts_at', '>=', notBefore)
      .orderBy('starts_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** The batch (and session) that satisfies `need` on this listing, null when nothing is needed, undefined when it cannot. */
  async function offerOn(listing: SeedListing, need: Need): Promise<Offer | null | undefined> {
    const own = batchesByListing.get(listing.id) ?? [];
    if (need === null) return null;
    if (need === 'taken_seat') {
      // Enrolment counts a seat; a batch with seats already taken includes her, so no batch row changes.
      const batch = own.find((candidate) => candidate.seatsTaken >= 1);
      return batch ? { batchId: batch.id, sessionId: null } : undefined;
    }
    const withSeats = own.filter((candidate) => candidate.seatsTaken < candidate.capacity);
    if (need === 'seat') return withSeats[0] ? { batchId: withSeats[0].id, sessionId: null } : undefined;
    const session = await firstSession(
      withSeats.map((batch) => batch.id),
      hoursFromStart(30),
    );
    return session ? { batchId: session.batch_id, sessionId: session.id } : undefined;
  }

  const openListings = new Set<string>();
  const teachersUsed = new Set<string>();
  return async function choose(plan) {
    const pools = plan.toTeacherOfTheDay ? [ownListings, otherListings] : [otherListings];
    for (const pool of pools) {
      for (const listing of pool) {
        // One open enquiry per learner and listing, as the database enforces.
        if (isOpenEnquiry(plan.state) && openListings.has(listing.id)) continue;
        if (listing.teacherId !== teacherOfTheDayId && teachersUsed.has(listing.teacherId)) continue;
        const offer = await offerOn(listing, plan.need);
        if (offer === undefined) continue;
        if (isOpenEnquiry(plan.state)) openListings.add(listing.id);
        teachersUsed.add(listing.teacherId);
        return { listing, offer };
      }
    }
    throw new Error(`The seed has no listing that can hold Asha's ${plan.state} enquiry`);
  };
}
