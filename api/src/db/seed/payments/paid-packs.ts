import { istDateKey } from '@kalike/shared/format/dates';
import type { Kysely } from 'kysely';
import { packValidity, perClassPaise } from '../../../modules/payments/money';
import type { Database } from '../../schema';
import type { PastSession } from '../sessions';
import { paidOrder, type PurchaseBooks } from './paid-orders';
import { DAY_MS } from './payments-seed-context';

/** A past session and whether the batch student came. */
interface MarkedSession {
  session: PastSession;
  attended: boolean;
}

export interface PaidPackValues {
  learnerAccountId: string;
  batchStudentId: string;
  /** The place's student, whom the pack's order pays for. */
  studentId: string | null;
  batchId: string;
  couponCode?: string;
  paidAt: Date;
  /** The pack bought is the batch's smallest with at least this many classes (1 when not given). */
  minClasses?: number;
  /** Classes attended from the pack on the evenings after paying, before sessions were tracked. */
  attended?: number;
  /** Classes attended after those, beyond the pack, owed at its per-class price. */
  beyond?: number;
  /** Sessions whose register the teacher took, each class attended consumed against its session. */
  marked?: readonly MarkedSession[];
  studentName: string;
}

type PackPlan = Awaited<ReturnType<typeof findPackPlan>>;

/** A class taken from the pack, or owed at the pack's per-class price once the pack is used; returns the ledger entry's id. */
type ConsumeClass = (fromPack: boolean, day: string, at: Date, sessionId: string | null) => string;

function findPackPlan(db: Kysely<Database>, batchId: string, minClasses: number) {
  return db
    .selectFrom('class_pack_plans')
    .select(['id', 'name', 'classes_count', 'price_paise', 'validity_days'])
    .where('batch_id', '=', batchId)
    .where('classes_count', '>=', minClasses)
    .orderBy('classes_count')
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/** The pack, its paid order and its purchase in the ledger; the batch student becomes active. */
async function buyPack(books: PurchaseBooks, values: PaidPackValues): Promise<{ plan: PackPlan; packId: string }> {
  const { db, random } = books;
  const paidAt = values.paidAt;
  const plan = await findPackPlan(db, values.batchId, values.minClasses ?? 1);
  const packId = random.uuid();
  const { validFrom, validUntil } = packValidity(paidAt, plan.validity_days);
  await db
    .insertInto('batch_student_plans')
    .values({
      id: packId,
      batch_student_id: values.batchStudentId,
      class_pack_plan_id: plan.id,
      classes_total: plan.classes_count,
      price_paise: plan.price_paise,
      validity_days: plan.validity_days,
      paid_paise: 0,
      status: 'active',
      valid_from: validFrom,
      valid_until: validUntil,
      created_at: new Date(paidAt.getTime() - 5 * 60_000),
      updated_at: paidAt,
    })
    .execute();
  const { orderId, paymentId, totalPaise } = await paidOrder(books, {
    learnerAccountId: values.learnerAccountId,
    purpose: 'class_pack',
    batchStudentId: values.batchStudentId,
    studentId: values.studentId,
    packId,
    basePaise: plan.price_paise,
    couponCode: values.couponCode,
    description: `${plan.name} for ${values.studentName}`,
    paidAt,
  });
  await db.updateTable('batch_student_plans').set({ paid_paise: totalPaise }).where('id', '=', packId).execute();
  await db.updateTable('batch_students').set({ status: 'active' }).where('id', '=', values.batchStudentId).execute();
  books.ledger.push({
    id: random.uuid(),
    learner_account_id: values.learnerAccountId,
    batch_student_id: values.batchStudentId,
    kind: 'class_pack_purchase',
    amount_paise: -totalPaise,
    classes_delta: plan.classes_count,
    order_id: orderId,
    payment_id: paymentId,
    batch_student_plan_id: packId,
    description: `${plan.name}: ${plan.classes_count} classes`,
    created_at: paidAt,
  });
  return { plan, packId };
}

function classConsumer(books: PurchaseBooks, values: PaidPackValues, plan: PackPlan, packId: string): ConsumeClass {
  const price = perClassPaise({ classesCount: plan.classes_count, pricePaise: plan.price_paise });
  return (fromPack, day, at, sessionId) => {
    const id = books.random.uuid();
    books.ledger.push({
      id,
      learner_account_id: values.learnerAccountId,
      batch_student_id: values.batchStudentId,
      kind: 'class_consumed',
      amount_paise: fromPack ? 0 : -price,
      classes_delta: fromPack ? -1 : 0,
      batch_student_plan_id: packId,
      session_id: sessionId,
      description: fromPack ? `Class on ${day} from ${plan.name}` : `Class on ${day} beyond the class pack`,
      created_at: at,
    });
    return id;
  };
}

/** Each marked session's attendance; a class attended is consumed against its session. */
async function markRegister(books: PurchaseBooks, values: PaidPackValues, classesInPack: number, consume: ConsumeClass): Promise<void> {
  const marked = values.marked ?? [];
  if (marked.length === 0) return;
  const teacher = await books.db
    .selectFrom('batches as b')
    .innerJoin('programs as p', 'p.id', 'b.program_id')
    .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
    .select('l.teacher_id')
    .where('b.id', '=', values.batchId)
    .executeTakeFirstOrThrow();
  let used = 0;
  for (const { session, attended: came } of marked) {
    if (came && session.startsAt <= values.paidAt) throw new Error(`A class ${values.studentName} attended comes before the pack was paid`);
    // The teacher marks the register half an hour after class.
    const markedAt = new Date(session.endsAt.getTime() + 30 * 60_000);
    let ledgerEntryId: string | null = null;
    if (came) {
      ledgerEntryId = consume(used < classesInPack, session.occursOn, markedAt, session.id);
      used++;
    }
    books.attendance.push({
      session_id: session.id,
      batch_student_id: values.batchStudentId,
      status: came ? 'attended' : 'missed',
      ledger_entry_id: ledgerEntryId,
      marked_by_teacher_id: teacher.teacher_id,
      marked_at: markedAt,
    });
    books.completedSessionIds.add(session.id);
  }
}

/**
 * A pack (the batch's smallest with at least `minClasses`) paid at `paidAt`, then either
 * `attended` classes from it and `beyond` owed after it on the following evenings, before
 * sessions were tracked, or the `marked` sessions' attendance, each class attended consumed
 * against that session.
 */
export async function paidPack(books: PurchaseBooks, values: PaidPackValues): Promise<void> {
  const { plan, packId } = await buyPack(books, values);
  const consume = classConsumer(books, values, plan, packId);
  // Attended before sessions were tracked in the ledger, so these name no session.
  const attended = Math.min(values.attended ?? 0, plan.classes_count);
  for (let i = 0; i < attended + (values.beyond ?? 0); i++) {
    const day = new Date(values.paidAt.getTime() + (i + 1) * DAY_MS - 3_600_000);
    consume(i < attended, istDateKey(day), day, null);
  }
  await markRegister(books, values, plan.classes_count, consume);
}
