import { sql, type Kysely, type Updateable } from 'kysely';
import type { BatchStudentPlansTable, BatchStudentStatus, Database } from '../../../db/schema';
import { currentPlaceStatuses } from '@kalike/shared/domain/batch-student-lifecycle';
import type { EnrolmentsPort } from '../../enrolments/enrolments.port';
import { transactionHandle } from '../../../shared/transactional-repository';
import { findClassPackPlans, type ClassPackPlanRow } from '../../../shared/class-pack-plans';
import { findEnquiryBatches, type EnquiryBatchRow } from '../../../shared/enquiry-batches';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';

/** A batch student with the names its summary shows and the learner it belongs to. */
export interface BatchStudentRow {
  id: string;
  batch_id: string;
  learner_account_id: string;
  student_id: string | null;
  status: BatchStudentStatus;
  /** Set for a place joined by a hold: when the unpaid seat goes back. */
  hold_expires_at: Date | null;
  /** Set when the learner enrolled from the teacher's batch offer in an enquiry: the teacher admitted them. */
  enquiry_id: string | null;
  student_name: string | null;
  learner_name: string;
  learner_phone: string;
  teacher_id: string;
  teacher_name: string;
  teacher_slug: string;
}

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
}

export interface NewPack {
  batchStudentId: string;
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

export function classPackQueries(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  const batchStudentQuery = () =>
    selectBatchesWithTeacher(db)
      .innerJoin('batch_students as bs', 'bs.batch_id', 'b.id')
      .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
      .innerJoin('users as u', 'u.id', 'la.user_id')
      .leftJoin('students as s', 's.id', 'bs.student_id')
      .select([
        'bs.id',
        'bs.batch_id',
        'bs.learner_account_id',
        'bs.student_id',
        'bs.status',
        'bs.hold_expires_at',
        'bs.enquiry_id',
        's.name as student_name',
        'la.name as learner_name',
        'u.phone as learner_phone',
        't.id as teacher_id',
        't.name as teacher_name',
        't.slug as teacher_slug',
      ]);

  const packQuery = () =>
    db
      .selectFrom('batch_student_plans as bsp')
      .innerJoin('class_pack_plans as cpp', 'cpp.id', 'bsp.class_pack_plan_id')
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
        sql<string | null>`to_char(bsp.valid_from, 'YYYY-MM-DD')`.as('valid_from'),
        sql<string | null>`to_char(bsp.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
        // Never a stored counter: what the pack's ledger entries add up to.
        sql<number>`coalesce((select sum(le.classes_delta) from ledger_entries le where le.batch_student_plan_id = bsp.id), 0)::int`.as('classes_left'),
        sql<number>`coalesce((select -sum(le.classes_delta) from ledger_entries le
                              where le.batch_student_plan_id = bsp.id and le.kind = 'class_consumed'), 0)::int`.as('classes_used'),
      ]);

  return {
    findBatchStudent(id: string): Promise<BatchStudentRow | undefined> {
      return batchStudentQuery().where('bs.id', '=', id).executeTakeFirst();
    },

    findBatchStudentsOfLearner(learnerAccountId: string): Promise<BatchStudentRow[]> {
      return batchStudentQuery().where('bs.learner_account_id', '=', learnerAccountId).orderBy('bs.created_at').orderBy('bs.id').execute();
    },

    /**
     * One student's place in a batch (the learner's own place when `studentId` is null), if any;
     * the oldest one still current (held, enrolled or active).
     */
    findStudentPlaceInBatch(learnerAccountId: string, batchId: string, studentId: string | null): Promise<BatchStudentRow | undefined> {
      return batchStudentQuery()
        .where('bs.learner_account_id', '=', learnerAccountId)
        .where('bs.batch_id', '=', batchId)
        .where((eb) => (studentId ? eb('bs.student_id', '=', studentId) : eb('bs.student_id', 'is', null)))
        .where('bs.status', 'in', [...currentPlaceStatuses])
        .orderBy('bs.created_at')
        .orderBy('bs.id')
        .executeTakeFirst();
    },

    /** The learner's place in a batch, if any; the oldest one still current (held, enrolled or active). */
    findLearnerBatchStudentInBatch(learnerAccountId: string, batchId: string): Promise<BatchStudentRow | undefined> {
      return batchStudentQuery()
        .where('bs.learner_account_id', '=', learnerAccountId)
        .where('bs.batch_id', '=', batchId)
        .where('bs.status', 'in', [...currentPlaceStatuses])
        .orderBy('bs.created_at')
        .orderBy('bs.id')
        .executeTakeFirst();
    },

    /** Serialises everything that moves one batch student's classes or money. */
    lockBatchStudent(id: string): Promise<void> {
      return enrolments.lockPlace(transactionHandle(db), id);
    },

    /** Paying makes the place active (the enrolments module); returns the status it ends in. */
    activatePaidBatchStudent(id: string, at: Date): Promise<BatchStudentStatus | null> {
      return enrolments.activateWithPack(transactionHandle(db), id, at);
    },

    keepHoldForCheckout(id: string, at: Date): Promise<void> {
      return enrolments.keepHoldForCheckout(transactionHandle(db), id, at);
    },

    findBatches(batchIds: readonly string[]): Promise<EnquiryBatchRow[]> {
      return findEnquiryBatches(db, batchIds);
    },

    findPlansOfBatch(batchId: string): Promise<ClassPackPlanRow[]> {
      return findClassPackPlans(db, [batchId]);
    },

    findPlansOfBatches(batchIds: readonly string[]): Promise<ClassPackPlanRow[]> {
      return findClassPackPlans(db, batchIds);
    },

    /** Newest first. */
    findPacks(batchStudentId: string): Promise<PackRow[]> {
      return packQuery().where('bsp.batch_student_id', '=', batchStudentId).orderBy('bsp.seq', 'desc').execute();
    },

    findPacksOfBatchStudents(batchStudentIds: readonly string[]): Promise<PackRow[]> {
      if (batchStudentIds.length === 0) return Promise.resolve([]);
      return packQuery()
        .where('bsp.batch_student_id', 'in', [...batchStudentIds])
        .orderBy('bsp.seq', 'desc')
        .execute();
    },

    findPack(id: string): Promise<PackRow | undefined> {
      return packQuery().where('bsp.id', '=', id).executeTakeFirst();
    },

    /** A plan change that switched without payment, found again by the caller's key. */
    findPackByKey(learnerAccountId: string, idempotencyKey: string): Promise<(PackRow & { request_hash: string | null }) | undefined> {
      return packQuery()
        .innerJoin('batch_students as owner', 'owner.id', 'bsp.batch_student_id')
        .select('bsp.request_hash')
        .where('owner.learner_account_id', '=', learnerAccountId)
        .where('bsp.idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async insertPack(values: NewPack): Promise<string> {
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

    async updatePack(id: string, changes: Updateable<BatchStudentPlansTable>): Promise<void> {
      await db.updateTable('batch_student_plans').set(changes).where('id', '=', id).execute();
    },

    /** Pending packs of orders that can no longer be paid. */
    async expirePendingPacks(packIds: readonly string[], at: Date): Promise<void> {
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

export type ClassPackQueries = ReturnType<typeof classPackQueries>;
