import { sql, type Kysely, type Updateable } from 'kysely';
import type { BatchStudentPlansTable, Database } from '../../../db/schema';

/** A pack bought for a batch student, with what its ledger entries say is used and left. */
export interface PackRow {
  id: string;
  batch_student_id: string;
  class_pack_plan_id: string;
  plan_name: string;
  classes_total: number;
  price_paise: number;
  validity_days: number;
  paid_paise: number;
  status: BatchStudentPlansTable['status'];
  valid_from: string | null;
  valid_until: string | null;
  classes_left: number;
  classes_used: number;
  /** Days given back for classes the teacher cancelled. */
  extra_days: number;
  /** The day of the last class that came out of it (IST), null before its first. */
  last_class_on: string | null;
}

export interface NewPack {
  /** Null only for a pack ordered through a request before its student has a place (see the settlement). */
  batchStudentId: string | null;
  classPackPlanId: string;
  classesTotal: number;
  pricePaise: number;
  validityDays: number;
  status: BatchStudentPlansTable['status'];
  paidPaise?: number;
  validFrom?: string | null;
  validUntil?: string | null;
  idempotencyKey?: string | null;
  requestHash?: string | null;
  at: Date;
}

/** Packs with their plan's name, and what their ledger entries say is used and left. */
const selectPacks = (db: Kysely<Database>) =>
  db
    .selectFrom('batch_student_plans as bsp')
    .innerJoin('class_pack_plans as cpp', 'cpp.id', 'bsp.class_pack_plan_id')
    // A pack still waiting for the place its payment will give is nobody's yet.
    .where('bsp.batch_student_id', 'is not', null)
    .select([
      'bsp.id',
      'bsp.batch_student_id',
      'bsp.class_pack_plan_id',
      'cpp.name as plan_name',
      'bsp.classes_total',
      'bsp.price_paise',
      'bsp.validity_days',
      'bsp.paid_paise',
      'bsp.status',
      'bsp.extra_days',
      sql<string | null>`to_char(bsp.valid_from, 'YYYY-MM-DD')`.as('valid_from'),
      sql<string | null>`to_char(bsp.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      // Never a stored counter: what the pack's ledger entries add up to.
      sql<number>`coalesce((select sum(le.classes_delta) from ledger_entries le where le.batch_student_plan_id = bsp.id), 0)::int`.as('classes_left'),
      sql<number>`coalesce((select -sum(le.classes_delta) from ledger_entries le
                            where le.batch_student_plan_id = bsp.id and le.kind in ('class_consumed', 'class_returned')), 0)::int`.as('classes_used'),
      // The day of its latest class still used: a class the register gave back does not count.
      sql<string | null>`(select to_char(max(cs.occurs_on), 'YYYY-MM-DD') from ledger_entries le
                          join class_sessions cs on cs.id = le.session_id
                          where le.batch_student_plan_id = bsp.id and le.kind = 'class_consumed'
                            and not exists (select 1 from ledger_entries back where back.answers_entry_id = le.id))`.as('last_class_on'),
    ])
    .$narrowType<{ batch_student_id: string }>();

/** The class packs bought for batch students; what is used and left comes from the ledger. */
export function packQueries(db: Kysely<Database>) {
  return {
    /** Newest first. */
    findOf(batchStudentId: string): Promise<PackRow[]> {
      return selectPacks(db).where('bsp.batch_student_id', '=', batchStudentId).orderBy('bsp.seq', 'desc').execute();
    },

    findOfPlaces(batchStudentIds: readonly string[]): Promise<PackRow[]> {
      if (batchStudentIds.length === 0) return Promise.resolve([]);
      return selectPacks(db)
        .where('bsp.batch_student_id', 'in', [...batchStudentIds])
        .orderBy('bsp.seq', 'desc')
        .execute();
    },

    find(id: string): Promise<PackRow | undefined> {
      return selectPacks(db).where('bsp.id', '=', id).executeTakeFirst();
    },

    /** A plan change that switched without payment, found again by the caller's key. */
    findByKey(learnerAccountId: string, idempotencyKey: string): Promise<(PackRow & { request_hash: string | null }) | undefined> {
      return selectPacks(db)
        .innerJoin('batch_students as owner', 'owner.id', 'bsp.batch_student_id')
        .select('bsp.request_hash')
        .where('owner.learner_account_id', '=', learnerAccountId)
        .where('bsp.idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async insert(values: NewPack): Promise<string> {
      const row = await db
        .insertInto('batch_student_plans')
        .values({
          batch_student_id: values.batchStudentId,
          class_pack_plan_id: values.classPackPlanId,
          classes_total: values.classesTotal,
          price_paise: values.pricePaise,
          validity_days: values.validityDays,
          paid_paise: values.paidPaise ?? 0,
          status: values.status,
          valid_from: values.validFrom ?? null,
          valid_until: values.validUntil ?? null,
          idempotency_key: values.idempotencyKey ?? null,
          request_hash: values.requestHash ?? null,
          created_at: values.at,
          updated_at: values.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: string, changes: Updateable<BatchStudentPlansTable>): Promise<void> {
      await db.updateTable('batch_student_plans').set(changes).where('id', '=', id).execute();
    },

    /** Pending packs of orders that can no longer be paid. */
    /** A pack ordered before its student had a place gets the place its payment gave. */
    async givePlace(id: string, batchStudentId: string): Promise<void> {
      await db
        .updateTable('batch_student_plans')
        .set({ batch_student_id: batchStudentId })
        .where('id', '=', id)
        .where('batch_student_id', 'is', null)
        .execute();
    },

    async expirePending(packIds: readonly string[], at: Date): Promise<void> {
      if (packIds.length === 0) return;
      await db
        .updateTable('batch_student_plans')
        .set({ status: 'expired', updated_at: at })
        .where('id', 'in', [...packIds])
        .where('status', '=', 'pending_payment')
        .execute();
    },
  };
}
