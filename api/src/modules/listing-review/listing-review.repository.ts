import { sql, type Kysely } from 'kysely';
import type { ListingChangeKind, ListingReviewState } from '@kalike/shared/domain/listing-review-lifecycle';
import type { BatchPlace, Database, ListingMode, StoredPhotoFile, TeacherBadge } from '../../db/schema';
import type { ListingChange } from '@kalike/shared/contracts/listing-review';
import { refreshListingSummary } from '../../db/listing-filters';
import { findClassPackPlans, type ClassPackPlanRow } from '../../shared/class-pack-plans';
import { transactionalRepository } from '../../shared/transactional-repository';
import { messageOutboxOf, type OutgoingMessage } from '../messaging/messaging.port';
import { notificationsOf, type NotificationEvent, type NotificationKind } from '../notifications/notifications.port';
import { recordPublicPageChange } from '../page-changes/page-changes.port';
import { applyListingChange } from './apply-listing-change';

/** A listing waiting for an admin: sent for review, or live with held changes. */
export interface ReviewListingRow {
  id: string;
  title: string;
  category_name: string;
  review_state: ListingReviewState;
  submitted_at: Date | null;
  mode: ListingMode;
  age_min: number;
  age_max: number;
  lat: number;
  lng: number;
  locality_name: string;
  locality_pincode: string;
  apartment_name: string | null;
  teacher_id: string;
  teacher_name: string;
  teacher_photo_url: string | null;
  teacher_photo_files: StoredPhotoFile[];
  teacher_bio: string;
  /** The listing's About, the teacher's own words. */
  about: string;
}

export interface ReviewProgramRow {
  id: string;
  listing_id: string;
  name: string;
  level: 'beginner' | 'intermediate' | 'advanced' | 'all_levels';
  description: string;
}

export interface ReviewBatchRow {
  id: string;
  listing_id: string;
  program_id: string;
  name: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
  starts_on: string;
  ends_on: string | null;
  capacity: number;
  seats_taken: number;
  place: BatchPlace;
  apartment_name: string | null;
  locality_name: string | null;
}

export interface PendingChangeRow {
  id: string;
  listing_id: string;
  kind: ListingChangeKind;
  target_id: string | null;
  proposed: unknown;
  created_at: Date;
}

/** The listing and its teacher, locked for a decision. */
export interface LockedListingRow {
  id: string;
  title: string;
  review_state: ListingReviewState;
  teacher_id: string;
  teacher_phone: string;
  /** The teacher's sign-in; null for a teacher who has none (they are texted instead). */
  teacher_user_id: string | null;
}

export interface PlaceName {
  id: string;
  name: string;
}

/** Locks the listing row, so two admins deciding at once decide one after the other. */
function lockListing(db: Kysely<Database>, listingId: string): Promise<LockedListingRow | undefined> {
  return db
    .selectFrom('teacher_listings as l')
    .innerJoin('teachers as t', 't.id', 'l.teacher_id')
    .leftJoin('users as u', 'u.teacher_id', 't.id')
    .select(['l.id', 'l.title', 'l.review_state', 'l.teacher_id', 't.phone as teacher_phone', 'u.id as teacher_user_id'])
    .where('l.id', '=', listingId)
    .forUpdate('l')
    .executeTakeFirst();
}

function findPrograms(db: Kysely<Database>, listingIds: readonly string[]): Promise<ReviewProgramRow[]> {
  if (listingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('programs')
    .select(['id', 'listing_id', 'name', 'level', 'description'])
    .where('listing_id', 'in', [...listingIds])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

async function decideChanges(
  db: Kysely<Database>,
  changeIds: readonly string[],
  decision: { status: 'approved' | 'sent_back'; note: string | null; at: Date; by: string },
): Promise<void> {
  if (changeIds.length === 0) return;
  await db
    .updateTable('listing_changes')
    .set({ status: decision.status, note: decision.note, decided_at: decision.at, decided_by: decision.by })
    .where('id', 'in', [...changeIds])
    .where('status', '=', 'pending')
    .execute();
}

async function findBatches(db: Kysely<Database>, listingIds: readonly string[]): Promise<ReviewBatchRow[]> {
  if (listingIds.length === 0) return [];
  const result = await sql<ReviewBatchRow>`
    select b.id, p.listing_id, b.program_id, b.name, b.days_of_week::int[] as days_of_week,
           to_char(b.start_time, 'HH24:MI') as start_time, to_char(b.end_time, 'HH24:MI') as end_time,
           to_char(b.starts_on, 'YYYY-MM-DD') as starts_on, to_char(b.ends_on, 'YYYY-MM-DD') as ends_on,
           b.capacity, b.seats_taken, b.place, a.name as apartment_name, loc.name as locality_name
    from batches b
    join programs p on p.id = b.program_id
    left join apartments a on a.id = b.apartment_id
    left join localities loc on loc.id = b.locality_id
    where p.listing_id = any(${[...listingIds]}::uuid[])
    order by b.starts_on, b.start_time, b.id
  `.execute(db);
  return result.rows;
}

/**
 * The queue: listings sent for review and live listings with held changes, by how long
 * they have waited (sent for review, or the oldest held change), oldest first.
 */
async function findQueue(db: Kysely<Database>, limit: number): Promise<ReviewListingRow[]> {
  const result = await sql<ReviewListingRow>`
    select l.id, l.title, c.name as category_name, l.review_state, l.submitted_at, l.mode, l.age_min, l.age_max, l.lat, l.lng,
           loc.name as locality_name, trim(loc.pincode) as locality_pincode, a.name as apartment_name,
           t.id as teacher_id, t.name as teacher_name, t.photo_url as teacher_photo_url, t.photo_files as teacher_photo_files, t.bio as teacher_bio,
           l.about
    from teacher_listings l
    join categories c on c.id = l.category_id
    join localities loc on loc.id = l.locality_id
    left join apartments a on a.id = l.apartment_id
    join teachers t on t.id = l.teacher_id
    left join lateral (
      select min(ch.created_at) as oldest from listing_changes ch where ch.listing_id = l.id and ch.status = 'pending'
    ) held on true
    where l.review_state = 'in_review' or (l.review_state = 'live' and held.oldest is not null)
    order by coalesce(case when l.review_state = 'in_review' then l.submitted_at end, held.oldest, l.updated_at), l.id
    limit ${limit}
  `.execute(db);
  return result.rows;
}

function queries(db: Kysely<Database>) {
  const outbox = messageOutboxOf(db);
  const notifications = notificationsOf(db);
  const pendingChanges = () =>
    db.selectFrom('listing_changes').select(['id', 'listing_id', 'kind', 'target_id', 'proposed', 'created_at']).where('status', '=', 'pending');

  return {
    findQueue: (limit: number) => findQueue(db, limit),

    findPrograms: (listingIds: readonly string[]) => findPrograms(db, listingIds),

    findBatches: (listingIds: readonly string[]) => findBatches(db, listingIds),

    findPlans(batchIds: readonly string[]): Promise<ClassPackPlanRow[]> {
      return findClassPackPlans(db, batchIds);
    },

    findPendingChanges(listingIds: readonly string[]): Promise<PendingChangeRow[]> {
      if (listingIds.length === 0) return Promise.resolve([]);
      return pendingChanges()
        .where('listing_id', 'in', [...listingIds])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    findLocalityNames(ids: readonly string[]): Promise<PlaceName[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('localities')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute();
    },

    findApartmentNames(ids: readonly string[]): Promise<PlaceName[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('apartments')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute();
    },

    findBadges(teacherIds: readonly string[]): Promise<{ teacher_id: string; badge: TeacherBadge }[]> {
      if (teacherIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('teacher_badges')
        .select(['teacher_id', 'badge'])
        .where('teacher_id', 'in', [...teacherIds])
        .execute();
    },

    lockListing: (listingId: string) => lockListing(db, listingId),

    lockPendingChanges(listingId: string): Promise<PendingChangeRow[]> {
      return pendingChanges().where('listing_id', '=', listingId).orderBy('created_at').orderBy('id').forUpdate().execute();
    },

    /** Learners see it from now: live and active together, as the table's check requires. */
    async makeLive(listingId: string, at: Date): Promise<void> {
      await db
        .updateTable('teacher_listings')
        .set({ review_state: 'live', is_active: true, reviewed_at: at, review_note: null, updated_at: at })
        .where('id', '=', listingId)
        .execute();
    },

    async sendBack(listingId: string, note: string, at: Date): Promise<void> {
      await db
        .updateTable('teacher_listings')
        .set({ review_state: 'sent_back', is_active: false, review_note: note, reviewed_at: at, updated_at: at })
        .where('id', '=', listingId)
        .execute();
    },

    decideChanges: (changeIds: readonly string[], decision: { status: 'approved' | 'sent_back'; note: string | null; at: Date; by: string }) =>
      decideChanges(db, changeIds, decision),

    enqueueMessage: (message: OutgoingMessage, at: Date): Promise<void> => outbox.enqueue(message, at),
    notify: <K extends NotificationKind>(event: NotificationEvent<K>): Promise<void> => notifications.notify(event),

    /** Makes a held change the listing's own values (apply-listing-change.ts). */
    applyChange(listingId: string, change: ListingChange): Promise<void> {
      return applyListingChange(db, listingId, change);
    },

    /**
     * Recomputes the listing's denormalised columns from its rows, in the same transaction, so
     * the marketplace never filters, sorts or finds it on stale copies.
     */
    /** The teacher page shows what was approved: records the change for the web origins that keep it rendered. */
    recordPageChange(teacherId: string): Promise<void> {
      return recordPublicPageChange(db, { teacherIds: [teacherId] });
    },

    refreshListing(listingIds: readonly string[]): Promise<void> {
      return refreshListingSummary(db, listingIds);
    },
  };
}

export function createListingReviewRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type ListingReviewRepository = ReturnType<typeof createListingReviewRepository>;
export type ListingReviewQueries = ReturnType<typeof queries>;
