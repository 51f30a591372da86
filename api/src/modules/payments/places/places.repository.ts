import { sql, type Kysely } from 'kysely';
import type { BatchStudentStatus, Database } from '../../../db/schema';
import { currentPlaceStatuses } from '@kalike/shared/domain/batch-student-lifecycle';
import type { EnrolmentsPort } from '../../enrolments/enrolments.port';
import { transactionHandle } from '../../../shared/transactional-repository';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { isStudentOfLearner } from '../../accounts/accounts.port';

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
  /** The family's account holder, whom the place's notices reach. */
  learner_user_id: string;
  program_name: string;
  batch_name: string;
}

/** A current place in one of a teacher's batches, with the name the teacher knows the student by. */
export interface TeacherPlaceRow {
  id: string;
  batch_id: string;
  status: BatchStudentStatus;
  hold_expires_at: Date | null;
  student_name: string;
}

/** Places with the learner's, the student's and the teacher's names. */
const selectPlaces = (db: Kysely<Database>) =>
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
      'la.user_id as learner_user_id',
      'p.name as program_name',
      'b.name as batch_name',
    ]);

/**
 * Students' places in batches as payments reads them, and the enrolments port (which owns
 * `batch_students` and the seats) bound to the same transaction for every change.
 */
export function placeQueries(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  return {
    find(id: string): Promise<BatchStudentRow | undefined> {
      return selectPlaces(db).where('bs.id', '=', id).executeTakeFirst();
    },

    findOfLearner(learnerAccountId: string): Promise<BatchStudentRow[]> {
      return selectPlaces(db).where('bs.learner_account_id', '=', learnerAccountId).orderBy('bs.created_at').orderBy('bs.id').execute();
    },

    /**
     * One student's place in a batch (the learner's own place when `studentId` is null), if any;
     * the oldest one still current (held, enrolled or active).
     */
    findOfStudentInBatch(learnerAccountId: string, batchId: string, studentId: string | null): Promise<BatchStudentRow | undefined> {
      return selectPlaces(db)
        .where('bs.learner_account_id', '=', learnerAccountId)
        .where('bs.batch_id', '=', batchId)
        .where((eb) => (studentId ? eb('bs.student_id', '=', studentId) : eb('bs.student_id', 'is', null)))
        .where('bs.status', 'in', [...currentPlaceStatuses])
        .orderBy('bs.created_at')
        .orderBy('bs.id')
        .executeTakeFirst();
    },

    /** The learner's place in a batch, if any; the oldest one still current (held, enrolled or active). */
    findOfLearnerInBatch(learnerAccountId: string, batchId: string): Promise<BatchStudentRow | undefined> {
      return selectPlaces(db)
        .where('bs.learner_account_id', '=', learnerAccountId)
        .where('bs.batch_id', '=', batchId)
        .where('bs.status', 'in', [...currentPlaceStatuses])
        .orderBy('bs.created_at')
        .orderBy('bs.id')
        .executeTakeFirst();
    },

    /** Current places (held, enrolled, active) in some batches, by student name. */
    findCurrentOfBatches(batchIds: readonly string[]): Promise<TeacherPlaceRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('batch_students as bs')
        .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
        .leftJoin('students as s', 's.id', 'bs.student_id')
        .select(['bs.id', 'bs.batch_id', 'bs.status', 'bs.hold_expires_at', sql<string>`coalesce(s.name, la.name)`.as('student_name')])
        .where('bs.batch_id', 'in', [...batchIds])
        .where('bs.status', 'in', [...currentPlaceStatuses])
        .orderBy(sql`coalesce(s.name, la.name)`)
        .orderBy('bs.id')
        .execute();
    },

    /** Whether a student belongs to the learner account (a parent's child). */
    isStudentOfLearner(learnerAccountId: string, studentId: string): Promise<boolean> {
      return isStudentOfLearner(db, learnerAccountId, studentId);
    },

    /** Serialises everything that moves one batch student's classes or money. */
    lock(id: string): Promise<void> {
      return enrolments.lockPlace(transactionHandle(db), id);
    },

    /** The teacher removed the student (the enrolments module): false when the place had already left. */
    remove(id: string): Promise<boolean> {
      return enrolments.removePlace(transactionHandle(db), id);
    },

    /** Paying makes the place active (the enrolments module); returns the status it ends in. */
    activateWithPack(id: string, at: Date): Promise<BatchStudentStatus | null> {
      return enrolments.activateWithPack(transactionHandle(db), id, at);
    },

    keepHoldForCheckout(id: string, at: Date): Promise<void> {
      return enrolments.keepHoldForCheckout(transactionHandle(db), id, at);
    },

    /** `at` is the caller's clock: lapsed holds are given back first. */
    takeSeat(batchId: string, at: Date): Promise<boolean> {
      return enrolments.takeSeat(transactionHandle(db), batchId, at);
    },

    /** A seat held while the learner pays, or null when the batch is full. */
    holdSeat(values: {
      batchId: string;
      learnerAccountId: string;
      invitationId: string | null;
      at: Date;
    }): Promise<{ id: string; holdExpiresAt: Date } | null> {
      return enrolments.holdSeat(transactionHandle(db), values);
    },

    freeSeats(batchId: string, at: Date): Promise<number | null> {
      return enrolments.freeSeats(transactionHandle(db), batchId, at);
    },

    /** A paid place in a batch for the learner, or for one of the learner's students when `studentId` is set. */
    addPaid(values: { batchId: string; learnerAccountId: string; studentId?: string | null; at: Date }): Promise<string> {
      return enrolments.addPaidPlace(transactionHandle(db), { ...values, studentId: values.studentId ?? null });
    },

    /** The learner's holds: unpaid seats still held at `at`, and seats held since `since` (the daily join limit). */
    countHolds(learnerAccountId: string, at: Date, since: Date): Promise<{ current: number; recent: number }> {
      return enrolments.countHolds(transactionHandle(db), learnerAccountId, at, since);
    },
  };
}
