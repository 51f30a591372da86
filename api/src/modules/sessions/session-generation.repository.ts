import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { day, sessionSelects, type HolidayRow, type NewSessionRow, type ScheduleRow } from './session-rows';

/** What generation reads and writes: batches' schedules, their holidays, and the sessions they make. */
export function generationQueries(db: Kysely<Database>) {
  const { scheduleQuery } = sessionSelects(db);
  return {
    /** Batches still running on `from`, in id order after `afterId`: one chunk of a sweep. */
    findScheduleChunk(afterId: string | null, limit: number, from: string): Promise<ScheduleRow[]> {
      let query = scheduleQuery().where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', from)]));
      if (afterId) query = query.where('id', '>', afterId);
      return query.orderBy('id').limit(limit).execute();
    },

    findSchedules(batchIds: readonly string[]): Promise<ScheduleRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return scheduleQuery()
        .where('id', 'in', [...batchIds])
        .orderBy('id')
        .execute();
    },

    /** Holidays of the batches touching `[from, until)`, oldest first: the first one names a day. */
    findHolidays(batchIds: readonly string[], from: string, until: string): Promise<HolidayRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('batch_holidays')
        .select(['id', 'batch_id', day('starts_on').as('starts_on'), day('ends_on').as('ends_on'), 'reason', 'created_at'])
        .where('batch_id', 'in', [...batchIds])
        .where('ends_on', '>=', from)
        .where('starts_on', '<', until)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The IST days (as days since 1970-01-01) on which the batches already have a session in `[from, until)`. */
    findSessionDays(batchIds: readonly string[], from: string, until: string): Promise<{ batch_id: string; day: number }[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('class_sessions')
        .select(['batch_id', sql<number>`(occurs_on - date '1970-01-01')::int`.as('day')])
        .where('batch_id', 'in', [...batchIds])
        .where('occurs_on', '>=', from)
        .where('occurs_on', '<', until)
        .execute();
    },

    /**
     * One statement per chunk, whatever its size; a day a batch already has a session for is
     * left exactly as it is, so running generation again never undoes a cancellation or a
     * completed class. Returns how many sessions were new.
     */
    async insertSessions(rows: readonly NewSessionRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const column = <T>(pick: (row: NewSessionRow) => T) => rows.map(pick);
      const result = await sql<{ id: string }>`
        insert into class_sessions (batch_id, occurs_on, starts_at, ends_at, status, cancel_reason, cancelled_at, holiday_id)
        select batch_id::uuid, occurs_on::date, starts_at::timestamptz, ends_at::timestamptz, status, cancel_reason, cancelled_at::timestamptz, holiday_id::uuid
        from unnest(
          ${column((row) => row.batchId)}::text[], ${column((row) => row.occursOn)}::text[], ${column((row) => row.startsAt)}::text[],
          ${column((row) => row.endsAt)}::text[], ${column((row) => row.status)}::text[], ${column((row) => row.cancelReason)}::text[],
          ${column((row) => row.cancelledAt?.toISOString() ?? null)}::text[], ${column((row) => row.holidayId)}::text[]
        ) as u(batch_id, occurs_on, starts_at, ends_at, status, cancel_reason, cancelled_at, holiday_id)
        on conflict (batch_id, occurs_on) do nothing
        returning id
      `.execute(db);
      return result.rows.length;
    },
  };
}
