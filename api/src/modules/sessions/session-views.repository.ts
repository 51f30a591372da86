import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { inBatchNow, sessionSelects, sessionsOnDays, type BatchViewRow, type PlaceRow, type SessionRow } from './session-rows';

/** The session lists: whose places are in which batches, the batches as shown, their sessions in a window. */
export function viewQueries(db: Kysely<Database>) {
  const { ownBatches, anyPlaces, places } = sessionSelects(db);
  return {
    /** The account's batch students who are in a batch now, and seats they hold unpaid at `at` (shown without the class link). */
    findPlacesOfLearner(learnerAccountId: string, at: Date): Promise<PlaceRow[]> {
      return anyPlaces()
        .where('bs.learner_account_id', '=', learnerAccountId)
        .where((eb) => eb.or([eb('bs.status', 'in', [...inBatchNow]), eb.and([eb('bs.status', '=', 'held'), eb('bs.hold_expires_at', '>', at)])]))
        .orderBy('name')
        .orderBy('bs.id')
        .execute();
    },

    findPlacesInBatches(batchIds: readonly string[]): Promise<PlaceRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return places()
        .where('bs.batch_id', 'in', [...batchIds])
        .orderBy('name')
        .orderBy('bs.id')
        .execute();
    },

    async findBatchIdsOfTeacher(teacherId: string): Promise<string[]> {
      const rows = await ownBatches().select('b.id').where('l.teacher_id', '=', teacherId).orderBy('b.id').execute();
      return rows.map((row) => row.id);
    },

    findBatchViews(batchIds: readonly string[]): Promise<BatchViewRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return ownBatches()
        .innerJoin('categories as c', 'c.id', 'l.category_id')
        .leftJoin('apartments as a', 'a.id', 'b.apartment_id')
        .leftJoin('localities as al', 'al.id', 'a.locality_id')
        .leftJoin('localities as bl', 'bl.id', 'b.locality_id')
        .select([
          'b.id',
          'b.name',
          'p.name as program_name',
          't.id as teacher_id',
          't.name as teacher_name',
          't.slug as teacher_slug',
          'c.slug as category_slug',
          'b.place',
          'b.online_link',
          sql<string | null>`coalesce(a.name, bl.name)`.as('place_name'),
          sql<string | null>`coalesce(al.name, bl.name)`.as('locality_name'),
          sql<string | null>`coalesce(a.pincode, bl.pincode)`.as('pincode'),
          sql<number | null>`coalesce(a.lat, bl.lat)`.as('lat'),
          sql<number | null>`coalesce(a.lng, bl.lng)`.as('lng'),
        ])
        .where('b.id', 'in', [...batchIds])
        .execute();
    },

    /** Sessions of the batches on the IST days `[from, until)`, soonest first; none after a batch's last day (an ended batch's). */
    findSessionsOn(batchIds: readonly string[], from: string, until: string): Promise<SessionRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return sessionsOnDays(db, from, until)
        .where('cs.batch_id', 'in', [...batchIds])
        .execute();
    },
  };
}
