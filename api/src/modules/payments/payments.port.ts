import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { ClassLinkWithheldReason } from '@kalike/shared/domain/batch-student-lifecycle';
import type { ClassPackStatus } from '@kalike/shared/domain/class-pack-lifecycle';
import type { TransactionHandle } from '../../shared/transactional-repository';

// Referral discounts are priced by payments; referrals shows the same figures on a code.
export { referralDiscountBasisPoints, referralDiscountCapPaise } from './money';
// A person's download lists their receipts and credit notes by their links; deleting an account closes its money.
export { receiptPdfPath } from './receipts/tax-invoice';
export { creditNotePdfPath } from './refunds/credit-notes';
export type { AccountClosing } from './refunds/account-closing';

/**
 * What other modules may know of payments: the shapes of what the payments runtime
 * (`app.payments`, built in payments.plugin.ts) answers. Sessions takes registers and class
 * links through it, My Updates a family's open payment requests.
 */

export interface ConsumedClass {
  entryId: string;
  /** False when the batch student had no class left in a pack: the class is then owed. */
  fromPack: boolean;
  amountPaise: number;
  /** True when this (batch student, session) was already consumed: nothing new was written. */
  repeated: boolean;
}

/** A class given back because its mark was corrected to absent. */
export interface ReturnedClass {
  entryId: string;
  /** True when the class went back to its pack; false when an owed class was taken off what is owed. */
  toPack: boolean;
  /** What came off the amount owed: 0 for a pack's class. */
  amountPaise: number;
}

/** Where a batch student stands with their packs and the ledger, for the teacher's register. */
export interface ClassStanding {
  /** Classes left across paid packs that are still in date. */
  classesLeft: number;
  /** The ledger balance: negative when the family owes, positive in credit. */
  balancePaise: number;
  /** The pack the student is on (see currentPack), with its derived status. */
  pack: { status: ClassPackStatus; validUntil: string | null } | null;
  /** Paid packs waiting to start after it, in order (their classes count in classesLeft). */
  queued?: { classesTotal: number; validFrom: string }[];
  /** What a class marked present today would use. */
  nextClass: NextClass;
}

/** Where a class attended would come from: a pack (with what it holds now), or owed at a price. */
export type NextClass = { kind: 'pack'; classesLeft: number; classesTotal: number } | { kind: 'owed'; perClassPaise: number };

/** Whether a batch student may have the class link, and if not, why (a sentence for the learner). */
export type ClassAccess = { allowed: true } | { allowed: false; reason: ClassLinkWithheldReason; message: string };

/** The ledger's consumeClass, inside the caller's transaction. */
export type ConsumeClassWithin = (handle: TransactionHandle, batchStudentId: string, sessionId: string) => Promise<ConsumedClass>;

/** The ledger's returnClass, inside the caller's transaction: null when nothing stands consumed. */
export type ReturnClassWithin = (handle: TransactionHandle, batchStudentId: string, sessionId: string) => Promise<ReturnedClass | null>;

/** Who may have a batch's class link, and why not. */
export type ClassAccessOf = (batchStudentIds: readonly string[]) => Promise<Map<string, ClassAccess>>;

/** Where batch students stand with their packs and the ledger. */
export type ClassStandingOf = (batchStudentIds: readonly string[]) => Promise<Map<string, ClassStanding>>;

/** A family's open payment requests, newest first. */
export interface PaymentRequestsPort {
  openForLearner(learnerAccountId: string, limit: number): Promise<PaymentRequest[]>;
}

/** A class the teacher called off, as sessions tells payments so the families get it back. */
export interface LostClass {
  sessionId: string;
  batchId: string;
  /** Its IST day. */
  day: string;
  /** The batch's next scheduled class after a day (sessions owns the schedule); null when there is none. */
  nextClassAfter: (day: string) => string | null;
}

/** One pack a lost class was given back to: its new last day and the days added. */
export interface LostClassGivenBack {
  batchStudentId: string;
  packId: string;
  days: number;
  validUntil: string;
}

/** Gives a lost class back to each affected pack, inside the caller's transaction; once per session and place. */
export type GiveBackLostClassWithin = (handle: TransactionHandle, lost: LostClass) => Promise<LostClassGivenBack[]>;

/** A pack whose family was warned that its classes left will lapse, as My Updates shows it. */
export interface PackLapseWarning {
  packId: string;
  batchStudentId: string;
  warnedAt: string;
  planName: string;
  studentName: string;
  teacherName: string;
  classesLeft: number;
  validUntil: string;
}

/** The warnings a family still has to act on. */
export interface LapseWarningsPort {
  forLearner(learnerAccountId: string): Promise<PackLapseWarning[]>;
}
