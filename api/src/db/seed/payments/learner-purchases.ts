import { istInstant } from '@kalike/shared/format/dates';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { wellKnownFamily, wellKnownLearners } from '../accounts';
import { wellKnownEnquiryIds } from '../enquiries';
import { seededClassesConsumed, seededClassesOwed, wellKnownOwingBatchStudentId } from '../payments';
import { familyPaidDaysBefore, latestPastSession, type PastSession } from '../sessions';
import { DAY_MS, type PaymentsSeedContext } from './payments-seed-context';
import type { PlannedPurchase, Purchases } from './purchases';

/** Asha's enrolled enquiry: its teacher, and the place in a batch it took (when it took one). */
export interface AshaEnrolment {
  teacherId: string | undefined;
  place: { id: string; batch_id: string; student_id: string | null } | undefined;
}

export interface LearnerPurchasesOptions {
  /** Batches the owing batch student may join: ones with a seat already counted, so no batch row changes. */
  batches: readonly { id: string; seatsTaken: number }[];
  /** Past sessions of the batches whose seeded students have attendance marked, oldest first. */
  pastSessions: readonly PastSession[];
}

export async function findAshaEnrolment(db: Kysely<Database>): Promise<AshaEnrolment> {
  const enrolled = await db
    .selectFrom('enquiries')
    .select(['batch_student_id', 'teacher_id'])
    .where('id', '=', wellKnownEnquiryIds.enrolled)
    .executeTakeFirst();
  const place = enrolled?.batch_student_id
    ? await db.selectFrom('batch_students').select(['id', 'batch_id', 'student_id']).where('id', '=', enrolled.batch_student_id).executeTakeFirst()
    : undefined;
  return { teacherId: enrolled?.teacher_id, place };
}

/**
 * The past classes of a student's batch since they joined whose register the teacher took.
 * Aarav's batch's latest class is left with its register to take, as a teacher who has not
 * yet marked the last class leaves it (the workspace's schedule shows it so).
 */
async function sessionsSinceJoining(
  db: Kysely<Database>,
  pastSessions: readonly PastSession[],
  batchStudentId: string,
): Promise<{ batchId: string; studentId: string | null; sessions: PastSession[] }> {
  const row = await db.selectFrom('batch_students').select(['batch_id', 'student_id', 'created_at']).where('id', '=', batchStudentId).executeTakeFirstOrThrow();
  const joined = new Date(row.created_at);
  const toTake = row.batch_id === wellKnownFamily.aarav.batchId ? latestPastSession(pastSessions, row.batch_id) : undefined;
  return {
    batchId: row.batch_id,
    studentId: row.student_id,
    sessions: pastSessions.filter((session) => session.batchId === row.batch_id && session.startsAt > joined && session !== toTake),
  };
}

/**
 * Rahul: a place in another batch than Asha's (one whose seat count already includes it), a pack
 * bought with SOLDOUT (its only use) twenty days ago, every class used and two more attended.
 * Its classes predate session tracking, so its batch gets no past sessions (the family batches,
 * which have them, are not among `batches`).
 */
async function planRahulsPack(
  { db, daysAgo }: PaymentsSeedContext,
  purchases: Purchases,
  batches: LearnerPurchasesOptions['batches'],
  ashasBatchId: string | undefined,
): Promise<PlannedPurchase | undefined> {
  const rahul = wellKnownLearners.rahul;
  const owingBatch = batches.find((batch) => batch.seatsTaken >= 1 && batch.id !== ashasBatchId);
  if (!owingBatch) return undefined;
  await db
    .insertInto('batch_students')
    .values({
      id: wellKnownOwingBatchStudentId,
      batch_id: owingBatch.id,
      learner_account_id: rahul.accountId,
      student_id: rahul.students[0].id,
      status: 'enrolled',
      created_at: daysAgo(22),
    })
    .execute();
  return {
    at: daysAgo(20, 19),
    pay: () =>
      purchases.paidPack({
        learnerAccountId: rahul.accountId,
        batchStudentId: wellKnownOwingBatchStudentId,
        studentId: rahul.students[0].id,
        batchId: owingBatch.id,
        couponCode: 'SOLDOUT',
        paidAt: daysAgo(20, 19),
        attended: 1_000,
        beyond: seededClassesOwed,
        studentName: rahul.students[0].name,
      }),
  };
}

/**
 * Asha paid (ONCE15) the evening before the first of her last three classes, came to those
 * three, and missed the ones between joining and paying.
 */
async function planAshasPack(
  db: Kysely<Database>,
  purchases: Purchases,
  place: NonNullable<AshaEnrolment['place']>,
  pastSessions: readonly PastSession[],
): Promise<PlannedPurchase> {
  const asha = wellKnownLearners.asha;
  const { sessions } = await sessionsSinceJoining(db, pastSessions, place.id);
  const attended = sessions.slice(-seededClassesConsumed);
  const [firstAttended] = attended;
  if (!firstAttended || attended.length < seededClassesConsumed) throw new Error("Asha's batch has too few past sessions for her seeded classes");
  const paidAt = new Date(istInstant(firstAttended.occursOn, '19:00').getTime() - DAY_MS);
  return {
    at: paidAt,
    pay: () =>
      purchases.paidPack({
        learnerAccountId: asha.accountId,
        batchStudentId: place.id,
        studentId: place.student_id,
        batchId: place.batch_id,
        couponCode: 'ONCE15',
        paidAt,
        marked: sessions.map((session) => ({ session, attended: attended.includes(session) })),
        studentName: asha.students[0].name,
      }),
  };
}

/**
 * Meera bought each child a pack before the last three weeks; each child missed one class (the
 * second) and came to every other, the latest included. Aarav's pack has classes to spare;
 * Diya's is exactly what she attended, so it is used up and due for renewal.
 */
async function planMeerasPacks({ db, daysAgo }: PaymentsSeedContext, purchases: Purchases, pastSessions: readonly PastSession[]): Promise<PlannedPurchase[]> {
  const meera = wellKnownLearners.meera;
  const planned: PlannedPurchase[] = [];
  for (const [index, child] of [wellKnownFamily.aarav, wellKnownFamily.diya].entries()) {
    const { batchId, studentId, sessions } = await sessionsSinceJoining(db, pastSessions, child.batchStudentId);
    const paidAt = new Date(daysAgo(familyPaidDaysBefore, 19).getTime() + index * 60_000);
    planned.push({
      at: paidAt,
      pay: () =>
        purchases.paidPack({
          learnerAccountId: meera.accountId,
          batchStudentId: child.batchStudentId,
          studentId,
          batchId,
          paidAt,
          minClasses: child === wellKnownFamily.diya ? sessions.length - 1 : sessions.length + 2,
          marked: sessions.map((session, position) => ({ session, attended: position !== 1 })),
          studentName: meera.students[index]?.name ?? meera.name,
        }),
    });
  }
  return planned;
}

/**
 * The class packs of Rahul (owing a settlement), Asha (her enrolled place) and Meera's children,
 * with the places they need; paid later, in the order of payment.
 */
export async function planLearnerPurchases(
  context: PaymentsSeedContext,
  purchases: Purchases,
  ashaEnrolment: AshaEnrolment,
  options: LearnerPurchasesOptions,
): Promise<PlannedPurchase[]> {
  const planned: PlannedPurchase[] = [];
  const rahuls = await planRahulsPack(context, purchases, options.batches, ashaEnrolment.place?.batch_id);
  if (rahuls) planned.push(rahuls);
  if (ashaEnrolment.place) planned.push(await planAshasPack(context.db, purchases, ashaEnrolment.place, options.pastSessions));
  planned.push(...(await planMeerasPacks(context, purchases, options.pastSessions)));
  return planned;
}
