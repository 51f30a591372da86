import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { currentPlaceStatuses } from '@kalike/shared/domain/batch-student-lifecycle';
import type { BatchesTable, BatchPlace, Database } from '../../db/schema';
import { packInDate } from './listing-plans.repository';

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

export interface TeacherScheduleRow {
  id: string;
  name: string;
  program_name: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
  starts_on: string;
  ends_on: string | null;
}

const batchColumns = sql`
  b.id, b.program_id, p.listing_id, b.name, b.days_of_week::int[] as days_of_week,
  to_char(b.start_time, 'HH24:MI') as start_time, to_char(b.end_time, 'HH24:MI') as end_time,
  to_char(b.starts_on, 'YYYY-MM-DD') as starts_on, to_char(b.ends_on, 'YYYY-MM-DD') as ends_on,
  b.capacity, b.seats_taken, b.place, b.apartment_id, a.name as apartment_name,
  coalesce(b.locality_id, a.locality_id) as locality_id, lo.name as locality_name, lo.lat as locality_lat, lo.lng as locality_lng,
  b.centre_address, b.centre_lat, b.centre_lng, b.radius_km, b.online_link,
  (select count(*)::int from batch_students bs where bs.batch_id = b.id and bs.status = any(${[...currentPlaceStatuses]}::text[])) as students`;

/** A listing's batches: when and where they meet, their seats, and the families in them. */
export function batchQueries(db: Kysely<Database>) {
  return {
    /** The listing's batches, oldest first; `lockBatchId` locks that batch's row (seats are counted against it). */
    async findBatches(listingId: string, lockBatchId?: string): Promise<BatchRow[]> {
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
    async findTeacherSchedules(teacherId: string): Promise<TeacherScheduleRow[]> {
      const result = await sql<TeacherScheduleRow>`
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
    async packsInDate(batchId: string, today: string) {
      const result = await sql<{ packs: number; last_day: string | null }>`
        select count(*)::int as packs, to_char(max(bsp.valid_until), 'YYYY-MM-DD') as last_day
        from batch_student_plans bsp
        join batch_students bs on bs.id = bsp.batch_student_id
        where bs.batch_id = ${batchId} and ${packInDate(today)}`.execute(db);
      return result.rows[0] ?? { packs: 0, last_day: null };
    },

    async everJoined(batchId: string): Promise<boolean> {
      const row = await db.selectFrom('batch_students').select('id').where('batch_id', '=', batchId).executeTakeFirst();
      return row !== undefined;
    },

    insertBatch: (values: Insertable<BatchesTable>) => db.insertInto('batches').values(values).returning('id').executeTakeFirstOrThrow(),
    updateBatch: (batchId: string, values: Updateable<BatchesTable>) => db.updateTable('batches').set(values).where('id', '=', batchId).execute(),
    deleteBatch: (batchId: string) => db.deleteFrom('batches').where('id', '=', batchId).execute(),
  };
}
