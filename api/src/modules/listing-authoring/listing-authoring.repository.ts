import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { ListingChange } from '@kalike/shared/contracts/listing-review';
import { currentPlaceStatuses } from '@kalike/shared/domain/batch-student-lifecycle';
import type { ListingReviewState } from '@kalike/shared/domain/listing-review-lifecycle';
import type { BatchesTable, BatchPlace, Database, ListingMode, ProgramsTable } from '../../db/schema';

/** Reads and writes of a teacher's own listings, programs, batches and class packs; always inside the caller's transaction. */
export type Db = Kysely<Database>;

export interface OwnListingRow {
  id: string;
  teacher_id: string;
  category_id: string;
  category_name: string;
  title: string;
  about: string;
  base_locality_id: string;
  base_locality_name: string;
  review_state: ListingReviewState;
  review_note: string | null;
  submitted_at: Date | null;
  updated_at: Date;
}

export interface ProgramRow {
  id: string;
  listing_id: string;
  name: string;
  level: ProgramsTable['level'];
  description: string;
  age_min: number | null;
  age_max: number | null;
  mode: ListingMode | null;
}

export interface BatchRow {
  id: string;
  program_id: string;
  listing_id: string;
  name: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
  starts_on: string;
  ends_on: string | null;
  capacity: number;
  seats_taken: number;
  place: BatchPlace;
  apartment_id: string | null;
  apartment_name: string | null;
  locality_id: string | null;
  locality_name: string | null;
  locality_lat: number | null;
  locality_lng: number | null;
  centre_address: string | null;
  centre_lat: number | null;
  centre_lng: number | null;
  radius_km: number | null;
  online_link: string | null;
  students: number;
}

export interface PlanRow {
  id: string;
  batch_id: string;
  listing_id: string;
  name: string;
  classes_count: number;
  validity_days: number;
  price_paise: number;
  /** Packs paid or being paid and still in date. */
  active_packs: number;
  /** Packs ever bought: a plan they name stays on their receipts. */
  all_packs: number;
}

export interface PendingChangeRow {
  id: string;
  kind: ListingChange['kind'];
  target_id: string | null;
  proposed: ListingChange;
  created_at: Date;
}

const listingColumns = sql`
  l.id, l.teacher_id, l.category_id, c.name as category_name, l.title, l.about,
  coalesce(l.base_locality_id, l.locality_id) as base_locality_id, base.name as base_locality_name,
  l.review_state, l.review_note, l.submitted_at, l.updated_at`;

const batchColumns = sql`
  b.id, b.program_id, p.listing_id, b.name, b.days_of_week::int[] as days_of_week,
  to_char(b.start_time, 'HH24:MI') as start_time, to_char(b.end_time, 'HH24:MI') as end_time,
  to_char(b.starts_on, 'YYYY-MM-DD') as starts_on, to_char(b.ends_on, 'YYYY-MM-DD') as ends_on,
  b.capacity, b.seats_taken, b.place, b.apartment_id, a.name as apartment_name,
  coalesce(b.locality_id, a.locality_id) as locality_id, lo.name as locality_name, lo.lat as locality_lat, lo.lng as locality_lng,
  b.centre_address, b.centre_lat, b.centre_lng, b.radius_km, b.online_link,
  (select count(*)::int from batch_students bs where bs.batch_id = b.id and bs.status = any(${[...currentPlaceStatuses]}::text[])) as students`;

/** A pack in date: paid or being paid, its last day today or later (or not started yet). */
const packInDate = (today: string) => sql`bsp.status in ('active', 'pending_payment') and (bsp.valid_until is null or bsp.valid_until >= ${today}::date)`;

export function createListingAuthoringRepository() {
  return {
    async findListings(db: Db, teacherId: string) {
      const result = await sql<{
        id: string;
        title: string;
        category_name: string;
        review_state: ListingReviewState;
        review_note: string | null;
        updated_at: Date;
        programs: number;
        batches: number;
        class_packs: number;
        held_changes: number;
      }>`
        select l.id, l.title, c.name as category_name, l.review_state, l.review_note, l.updated_at,
               (select count(*)::int from programs p where p.listing_id = l.id) as programs,
               (select count(*)::int from programs p join batches b on b.program_id = p.id where p.listing_id = l.id) as batches,
               (select count(*)::int from programs p join batches b on b.program_id = p.id join class_pack_plans pl on pl.batch_id = b.id
                 where p.listing_id = l.id) as class_packs,
               (select count(*)::int from listing_changes lc where lc.listing_id = l.id and lc.status = 'pending') as held_changes
        from teacher_listings l
        join categories c on c.id = l.category_id
        where l.teacher_id = ${teacherId}
        order by l.updated_at desc, l.id`.execute(db);
      return result.rows;
    },

    /** The teacher's own listing, locked for the rest of the transaction when `lock`. */
    async findOwnListing(db: Db, teacherId: string, listingId: string, lock = false): Promise<OwnListingRow | undefined> {
      const result = await sql<OwnListingRow>`
        select ${listingColumns}
        from teacher_listings l
        join categories c on c.id = l.category_id
        join localities base on base.id = coalesce(l.base_locality_id, l.locality_id)
        where l.id = ${listingId} and l.teacher_id = ${teacherId}
        ${lock ? sql`for update of l` : sql``}`.execute(db);
      return result.rows[0];
    },

    async hasListingInCategory(db: Db, teacherId: string, categoryId: string, exceptListingId?: string): Promise<boolean> {
      const row = await db
        .selectFrom('teacher_listings')
        .select('id')
        .where('teacher_id', '=', teacherId)
        .where('category_id', '=', categoryId)
        .$if(exceptListingId !== undefined, (query) => query.where('id', '<>', exceptListingId ?? ''))
        .executeTakeFirst();
      return row !== undefined;
    },

    findCategory: (db: Db, id: string) => db.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),
    findLocality: (db: Db, id: string) => db.selectFrom('localities').select(['id', 'name', 'lat', 'lng']).where('id', '=', id).executeTakeFirst(),
    findApartment: (db: Db, id: string) =>
      db
        .selectFrom('apartments as a')
        .innerJoin('localities as lo', 'lo.id', 'a.locality_id')
        .select(['a.id', 'a.name', 'a.locality_id', 'lo.name as locality_name'])
        .where('a.id', '=', id)
        .executeTakeFirst(),

    async insertListing(
      db: Db,
      values: { teacherId: string; categoryId: string; title: string; about: string; locality: { id: string; lat: number; lng: number } },
    ) {
      const row = await db
        .insertInto('teacher_listings')
        .values({
          teacher_id: values.teacherId,
          category_id: values.categoryId,
          title: values.title,
          about: values.about,
          locality_id: values.locality.id,
          base_locality_id: values.locality.id,
          lat: values.locality.lat,
          lng: values.locality.lng,
          mode: 'at_centre',
          price_from_paise: 0,
          age_min: 1,
          age_max: 99,
          search_text: values.title.toLowerCase(),
          review_state: 'draft',
          is_active: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateListing(
      db: Db,
      listingId: string,
      values: Partial<{ category_id: string; title: string; about: string; base_locality_id: string; review_state: ListingReviewState; submitted_at: Date }>,
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('teacher_listings')
        .set({ ...values, updated_at: now })
        .where('id', '=', listingId)
        .execute();
    },

    deleteListing: (db: Db, listingId: string) => db.deleteFrom('teacher_listings').where('id', '=', listingId).execute(),

    findPrograms: (db: Db, listingId: string): Promise<ProgramRow[]> =>
      db
        .selectFrom('programs')
        .select(['id', 'listing_id', 'name', 'level', 'description', 'age_min', 'age_max', 'mode'])
        .where('listing_id', '=', listingId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    insertProgram: (db: Db, values: Omit<ProgramRow, 'id'>) => db.insertInto('programs').values(values).returning('id').executeTakeFirstOrThrow(),
    updateProgram: (db: Db, programId: string, values: Partial<Omit<ProgramRow, 'id' | 'listing_id'>>) =>
      db.updateTable('programs').set(values).where('id', '=', programId).execute(),
    deleteProgram: (db: Db, programId: string) => db.deleteFrom('programs').where('id', '=', programId).execute(),

    /** The listing's batches, oldest first; `lockBatchId` locks that batch's row (seats are counted against it). */
    async findBatches(db: Db, listingId: string, lockBatchId?: string): Promise<BatchRow[]> {
      if (lockBatchId) await sql`select id from batches where id = ${lockBatchId} for update`.execute(db);
      const result = await sql<BatchRow>`
        select ${batchColumns}
        from batches b
        join programs p on p.id = b.program_id
        left join apartments a on a.id = b.apartment_id
        left join localities lo on lo.id = coalesce(b.locality_id, a.locality_id)
        where p.listing_id = ${listingId}
        order by b.created_at, b.id`.execute(db);
      return result.rows;
    },

    /** Every batch of the teacher's, to warn of two at once. */
    async findTeacherSchedules(db: Db, teacherId: string) {
      const result = await sql<{
        id: string;
        name: string;
        program_name: string;
        days_of_week: number[];
        start_time: string;
        end_time: string;
        starts_on: string;
        ends_on: string | null;
      }>`
        select b.id, b.name, p.name as program_name, b.days_of_week::int[] as days_of_week,
               to_char(b.start_time, 'HH24:MI') as start_time, to_char(b.end_time, 'HH24:MI') as end_time,
               to_char(b.starts_on, 'YYYY-MM-DD') as starts_on, to_char(b.ends_on, 'YYYY-MM-DD') as ends_on
        from batches b
        join programs p on p.id = b.program_id
        join teacher_listings l on l.id = p.listing_id
        where l.teacher_id = ${teacherId}`.execute(db);
      return result.rows;
    },

    /** The last day of the latest pack in date among the batch's students (null when packs are in date without one yet). */
    async packsInDate(db: Db, batchId: string, today: string) {
      const result = await sql<{ packs: number; last_day: string | null }>`
        select count(*)::int as packs, to_char(max(bsp.valid_until), 'YYYY-MM-DD') as last_day
        from batch_student_plans bsp
        join batch_students bs on bs.id = bsp.batch_student_id
        where bs.batch_id = ${batchId} and ${packInDate(today)}`.execute(db);
      return result.rows[0] ?? { packs: 0, last_day: null };
    },

    async everJoined(db: Db, batchId: string): Promise<boolean> {
      const row = await db.selectFrom('batch_students').select('id').where('batch_id', '=', batchId).executeTakeFirst();
      return row !== undefined;
    },

    insertBatch: (db: Db, values: Insertable<BatchesTable>) => db.insertInto('batches').values(values).returning('id').executeTakeFirstOrThrow(),
    updateBatch: (db: Db, batchId: string, values: Updateable<BatchesTable>) => db.updateTable('batches').set(values).where('id', '=', batchId).execute(),
    deleteBatch: (db: Db, batchId: string) => db.deleteFrom('batches').where('id', '=', batchId).execute(),

    async findPlans(db: Db, listingId: string, today: string): Promise<PlanRow[]> {
      const result = await sql<PlanRow>`
        select pl.id, pl.batch_id, p.listing_id, pl.name, pl.classes_count, pl.validity_days, pl.price_paise,
               (select count(*)::int from batch_student_plans bsp where bsp.class_pack_plan_id = pl.id and ${packInDate(today)}) as active_packs,
               ((select count(*) from batch_student_plans bsp where bsp.class_pack_plan_id = pl.id)
                 + (select count(*) from payment_requests pr where pr.class_pack_plan_id = pl.id))::int as all_packs
        from class_pack_plans pl
        join batches b on b.id = pl.batch_id
        join programs p on p.id = b.program_id
        where p.listing_id = ${listingId}
        order by pl.classes_count, pl.created_at, pl.id`.execute(db);
      return result.rows;
    },

    insertPlan: (db: Db, values: { batch_id: string; name: string; classes_count: number; validity_days: number; price_paise: number }) =>
      db.insertInto('class_pack_plans').values(values).returning('id').executeTakeFirstOrThrow(),
    updatePlan: (db: Db, planId: string, values: Partial<{ name: string; classes_count: number; validity_days: number; price_paise: number }>) =>
      db.updateTable('class_pack_plans').set(values).where('id', '=', planId).execute(),
    deletePlan: (db: Db, planId: string) => db.deleteFrom('class_pack_plans').where('id', '=', planId).execute(),

    async findPendingChanges(db: Db, listingId: string): Promise<PendingChangeRow[]> {
      const rows = await db
        .selectFrom('listing_changes')
        .select(['id', 'kind', 'target_id', 'proposed', 'created_at'])
        .where('listing_id', '=', listingId)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...row, proposed: (typeof row.proposed === 'string' ? JSON.parse(row.proposed) : row.proposed) as ListingChange }));
    },

    /** Withdraws the pending change to the same thing, if any; then holds `change` unless it is null (back to the approved value). */
    async holdChange(db: Db, listingId: string, kind: ListingChange['kind'], targetId: string | null, change: ListingChange | null, now: Date): Promise<void> {
      await db
        .updateTable('listing_changes')
        .set({ status: 'withdrawn', decided_at: now })
        .where('listing_id', '=', listingId)
        .where('kind', '=', kind)
        .where('status', '=', 'pending')
        .where((eb) => (targetId === null ? eb('target_id', 'is', null) : eb('target_id', '=', targetId)))
        .execute();
      if (change === null) return;
      await db
        .insertInto('listing_changes')
        .values({ listing_id: listingId, kind, target_id: targetId, proposed: JSON.stringify(change), created_at: now })
        .execute();
    },
  };
}

export type ListingAuthoringRepository = ReturnType<typeof createListingAuthoringRepository>;
