import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** Classes left in a pack, from its ledger entries. */
const classesLeft = sql<number>`(select coalesce(sum(le.classes_delta), 0) from ledger_entries le where le.batch_student_plan_id = bsp.id)::int`;

/** Paid packs with their place, student and teacher. */
const selectPackPlaces = (db: Kysely<Database>) =>
  db
    .selectFrom('batch_student_plans as bsp')
    .innerJoin('batch_students as bs', 'bs.id', 'bsp.batch_student_id')
    .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
    .leftJoin('students as s', 's.id', 'bs.student_id')
    .innerJoin('batches as b', 'b.id', 'bs.batch_id')
    .innerJoin('programs as p', 'p.id', 'b.program_id')
    .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
    .innerJoin('teachers as t', 't.id', 'l.teacher_id')
    .select([
      'bsp.id',
      'bs.id as batch_student_id',
      'bs.learner_account_id',
      sql<string>`coalesce(s.name, la.name)`.as('student_name'),
      't.name as teacher_name',
      'la.user_id',
      'p.name as program_name',
      'b.name as batch_name',
      sql<string>`to_char(bsp.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      classesLeft.as('classes_left'),
    ])
    .where('bsp.status', '=', 'active')
    .where(sql<boolean>`${classesLeft} > 0`);

/** The warning a family gets a week before a pack's classes lapse. */
export function lapseWarningQueries(db: Kysely<Database>) {
  return {
    /** Paid packs with classes left whose last day is between `from` and `until`, not yet warned. */
    findLapsingUnwarned(from: string, until: string, limit: number) {
      return selectPackPlaces(db)
        .where('bsp.valid_until', '>=', from)
        .where('bsp.valid_until', '<=', until)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('pack_lapse_warnings as w').select('w.batch_student_plan_id').whereRef('w.batch_student_plan_id', '=', 'bsp.id'))),
        )
        .orderBy('bsp.valid_until')
        .orderBy('bsp.id')
        .limit(limit)
        .execute();
    },

    /** Claims the warning for a pack; false when another pass (or instance) already sent it. */
    async claim(packId: string, validUntil: string, at: Date): Promise<boolean> {
      const row = await db
        .insertInto('pack_lapse_warnings')
        .values({ batch_student_plan_id: packId, valid_until: validUntil, sent_at: at })
        .onConflict((conflict) => conflict.column('batch_student_plan_id').doNothing())
        .returning('batch_student_plan_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The learner's warned packs still holding classes from `today` on, for My Updates. */
    findWarnedOf(learnerAccountId: string, today: string) {
      return selectPackPlaces(db)
        .innerJoin('pack_lapse_warnings as w', 'w.batch_student_plan_id', 'bsp.id')
        .innerJoin('class_pack_plans as cpp', 'cpp.id', 'bsp.class_pack_plan_id')
        .select(['w.sent_at', 'cpp.name as plan_name'])
        .where('bs.learner_account_id', '=', learnerAccountId)
        .where('bsp.valid_until', '>=', today)
        .orderBy('w.sent_at', 'desc')
        .execute();
    },
  };
}
