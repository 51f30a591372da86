import type { Kysely } from 'kysely';
import type { BatchStudentStatus } from '@kalike/shared/domain/batch-student-lifecycle';
import type { Database } from '../../db/schema';
import { databaseOfHandle, type TransactionHandle } from '../../shared/transactional-repository';
import type { PlaceRow } from './enrolment-places.repository';
import { enrolmentQueries } from './enrolments.repository';

/**
 * What other modules may do with a student's place in a batch (`batch_students`) and a
 * batch's seats. Built once by the composition root and handed to the modules that need it.
 * Operations that must commit with the caller's own writes take the caller's
 * `TransactionHandle` (from `transactionHandle` in its repository); seat decisions take the
 * batch's row lock there, so they must run inside a transaction.
 */
export interface EnrolmentsPort {
  /** Takes one seat (false: full or no such batch). Lapsed holds are given back first. */
  takeSeat(tx: TransactionHandle, batchId: string, at: Date): Promise<boolean>;
  /** Seats free at `at`, lapsed holds counted as free; null for no such batch. */
  freeSeats(tx: TransactionHandle, batchId: string, at: Date): Promise<number | null>;
  /** Joining with a teacher's invitation or request: a seat held while the learner pays, or null when full; 409 BATCH_ENDED once the batch has ended. */
  holdSeat(
    tx: TransactionHandle,
    values: { batchId: string; learnerAccountId: string; invitationId: string | null; at: Date },
  ): Promise<{ id: string; holdExpiresAt: Date } | null>;
  /** Accepting the teacher's batch offer in an enquiry: an enrolled place, or null when full; 409 BATCH_ENDED once the batch has ended. */
  enrolFromEnquiry(
    tx: TransactionHandle,
    values: { batchId: string; learnerAccountId: string; studentId: string | null; enquiryId: string; at: Date },
  ): Promise<string | null>;
  /** A place paid at once through a teacher's request; its seat was taken with `takeSeat` in the same transaction. */
  addPaidPlace(tx: TransactionHandle, values: { batchId: string; learnerAccountId: string; studentId: string | null; at: Date }): Promise<string>;
  /** A checkout started on a held seat keeps it while that order can be paid (bounded). */
  keepHoldForCheckout(tx: TransactionHandle, batchStudentId: string, at: Date): Promise<void>;
  /** A pack paid: the place becomes active when the lifecycle allows; returns the status it ends in. */
  activateWithPack(tx: TransactionHandle, batchStudentId: string, at: Date): Promise<BatchStudentStatus | null>;
  /** The teacher removed the student: the place is left and its seat goes back; false when it had already left. */
  removePlace(tx: TransactionHandle, batchStudentId: string): Promise<boolean>;
  /** Locks the place until the caller's transaction ends: serialises its classes and money. */
  lockPlace(tx: TransactionHandle, batchStudentId: string): Promise<void>;
  findPlace(tx: TransactionHandle, batchStudentId: string): Promise<PlaceRow | undefined>;
  /** The learner's unpaid holds current at `at`, and holds made since `since`. */
  countHolds(tx: TransactionHandle, learnerAccountId: string, at: Date, since: Date): Promise<{ current: number; recent: number }>;
  /**
   * The background sweep: gives back the seats of holds lapsed by `at`, batch by batch, each in
   * its own transaction under the batch's row lock. Returns how many seats went back.
   */
  releaseLapsedHolds(at: Date, batchLimit?: number): Promise<number>;
}

export function createEnrolments(db: Kysely<Database>): EnrolmentsPort {
  const within = (tx: TransactionHandle) => enrolmentQueries(databaseOfHandle(tx));
  return {
    takeSeat: (tx, batchId, at) => within(tx).takeSeat(batchId, at),
    freeSeats: (tx, batchId, at) => within(tx).freeSeats(batchId, at),
    holdSeat: (tx, values) => within(tx).holdSeat(values),
    enrolFromEnquiry: (tx, values) => within(tx).enrolFromEnquiry(values),
    addPaidPlace: (tx, values) => within(tx).addPaidPlace(values),
    keepHoldForCheckout: (tx, id, at) => within(tx).keepHoldForCheckout(id, at),
    activateWithPack: (tx, id, at) => within(tx).activateWithPack(id, at),
    lockPlace: (tx, id) => within(tx).lockPlace(id),
    removePlace: (tx, id) => within(tx).removePlace(id),
    findPlace: (tx, id) => within(tx).findPlace(id),
    countHolds: (tx, learnerAccountId, at, since) => within(tx).countHolds(learnerAccountId, at, since),
    async releaseLapsedHolds(at, batchLimit = 100) {
      const batchIds = await enrolmentQueries(db).batchesWithLapsedHolds(at, batchLimit);
      let released = 0;
      for (const batchId of batchIds) {
        released += await db.transaction().execute((trx) => enrolmentQueries(trx).releaseLapsedHoldsOfBatch(batchId, at));
      }
      return released;
    },
  };
}
