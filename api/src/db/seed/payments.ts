import { istDateKey, istDayStart, istInstant } from '@kalike/shared/format/dates';
import type { Insertable, Kysely } from 'kysely';
import { canonicalHash } from '../../shared/canonical-hash';
import { couponDiscountPaise, financialYear, gstSplit, packValidity, perClassPaise, priceBreakdown, receiptNumber } from '../../modules/payments/money';
import type { CouponsTable, Database, LedgerEntriesTable, SessionAttendanceTable } from '../schema';
import { invitationTokenHash } from '../../modules/payments/invitations/invitations.service';
import { wellKnownFamily, wellKnownLearners, wellKnownTeacher } from './accounts';
import { wellKnownEnquiryIds } from './enquiries';
import type { Random } from './random';
import { familyPaidDaysBefore, latestPastSession, type PastSession } from './sessions';

/** Payment links with stable ids, one in every state, all for Asha. */
export const wellKnownPaymentLinkIds = {
  issued: '00000000-0000-4000-8000-000000000501',
  paid: '00000000-0000-4000-8000-000000000502',
  expired: '00000000-0000-4000-8000-000000000503',
  cancelled: '00000000-0000-4000-8000-000000000504',
} as const;

/** Rahul's place in a batch, with a pack used up and two classes owed: a settlement to pay. */
export const wellKnownOwingBatchStudentId = '00000000-0000-4000-8000-000000000601';

/**
 * An invitation of the teacher of the day to their first batch, so the demo's join page works
 * from a teacher's link: `/batch-payment-request/<batch>?invitation=<token>`. The token is
 * public in this file, so it exists only in seeded demo data; real invitations come from
 * POST /v1/class/batches/{id}/invitations.
 */
export const wellKnownBatchInvitation = {
  id: '00000000-0000-4000-8000-000000000701',
  token: 'DemoInvitation-TeacherOfTheDay-FirstBatch01',
} as const;

/** Referral codes of the seeded learners. */
export const wellKnownReferralCodes = { asha: 'ASHA2024', rahul: 'RAHUL2024', kavya: 'KAVYA2024' } as const;

export const seededCouponCodes = ['WELCOME10', 'FLAT500', 'EXPIRED20', 'ONCE15', 'SOLDOUT'] as const;

/** Classes Asha's enrolled batch student has attended from the pack bought for it. */
export const seededClassesConsumed = 3;
/** Classes Rahul's batch student attended beyond its pack. */
export const seededClassesOwed = 2;

export interface SeedPaymentsOptions {
  random: Random;
  anchorDate: string;
  /** Batches the owing batch student may join: ones with a seat already counted, so no batch row changes. */
  batches: readonly { id: string; seatsTaken: number; teacherId: string }[];
  /** Past sessions of the batches whose seeded students have attendance marked, oldest first. */
  pastSessions: readonly PastSession[];
}

/** A past session and whether the batch student came. */
interface MarkedSession {
  session: PastSession;
  attended: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Coupons in every state, referral codes, payment links in every state, a paid class pack with
 * classes attended for Asha's enrolled enquiry and for each of Meera's children, and a batch
 * student of Rahul's that owes a settlement. Written through the same arithmetic as the API
 * (money.ts), with whole ledgers, so every balance the API reports is a sum over what is seeded
 * here; each class attended in a session has its attendance row pointing at the ledger entry
 * that consumed it, as marking attendance in the API leaves it.
 */
export async function seedPayments(db: Kysely<Database>, options: SeedPaymentsOptions): Promise<Record<string, number>> {
  const { random, anchorDate } = options;
  const dayStart = istDayStart(anchorDate).getTime();
  const daysAgo = (days: number, hour = 10) => new Date(dayStart - days * DAY_MS + hour * 3_600_000);
  const asha = wellKnownLearners.asha;
  const rahul = wellKnownLearners.rahul;

  const coupons: Insertable<CouponsTable>[] = [
    {
      code: 'WELCOME10',
      kind: 'percent',
      value: 10,
      min_amount_paise: 100_000,
      description: '10 % off a class pack of ₹1,000 or more',
      valid_from: daysAgo(90),
      valid_until: daysAgo(-365),
    },
    {
      code: 'FLAT500',
      kind: 'flat',
      value: 50_000,
      min_amount_paise: 300_000,
      description: '₹500 off a class pack of ₹3,000 or more',
      valid_from: daysAgo(90),
      valid_until: daysAgo(-365),
    },
    { code: 'EXPIRED20', kind: 'percent', value: 20, description: '20 % off, for the spring sale', valid_from: daysAgo(120), valid_until: daysAgo(30) },
    {
      code: 'ONCE15',
      kind: 'percent',
      value: 15,
      max_uses_per_learner: 1,
      description: '15 % off, once per family',
      valid_from: daysAgo(90),
      valid_until: daysAgo(-365),
    },
    {
      code: 'SOLDOUT',
      kind: 'percent',
      value: 25,
      max_uses_total: 1,
      description: '25 % off for the first family only',
      valid_from: daysAgo(90),
      valid_until: daysAgo(-365),
    },
  ];
  const couponIds = new Map<string, string>();
  for (const coupon of coupons) {
    const id = random.uuid();
    couponIds.set(coupon.code, id);
    await db
      .insertInto('coupons')
      .values({ ...coupon, id, created_at: daysAgo(120) })
      .execute();
  }

  const referrals: [string, string][] = [
    [asha.accountId, wellKnownReferralCodes.asha],
    [rahul.accountId, wellKnownReferralCodes.rahul],
    [wellKnownLearners.kavya.accountId, wellKnownReferralCodes.kavya],
  ];
  await db
    .insertInto('referral_codes')
    .values(referrals.map(([learnerAccountId, code]) => ({ id: random.uuid(), learner_account_id: learnerAccountId, code, created_at: daysAgo(60) })))
    .execute();

  // Receipts are numbered in the order of payment within each financial year.
  const receipts = new Map<string, number>();
  const nextReceipt = (at: Date) => {
    const year = financialYear(at);
    const number = (receipts.get(year) ?? 0) + 1;
    receipts.set(year, number);
    return receiptNumber(year, number);
  };
  const gatewayId = (prefix: string) => `${prefix}_sbx_${random.uuid().replace(/-/g, '').slice(0, 14)}`;
  const ledger: Insertable<LedgerEntriesTable>[] = [];
  const attendance: Insertable<SessionAttendanceTable>[] = [];
  const completed = new Set<string>();
  let orders = 0;

  /** A paid order with its payment and `payment` ledger entry; returns the ids. */
  async function paidOrder(values: {
    learnerAccountId: string;
    purpose: 'class_pack' | 'payment_link';
    batchStudentId: string | null;
    packId?: string | null;
    paymentLinkId?: string | null;
    basePaise: number;
    couponCode?: string;
    description: string;
    paidAt: Date;
  }): Promise<{ orderId: string; paymentId: string; totalPaise: number }> {
    const coupon = values.couponCode ? coupons.find((candidate) => candidate.code === values.couponCode) : undefined;
    const price = priceBreakdown({
      basePaise: values.basePaise,
      couponDiscountPaise: coupon ? couponDiscountPaise(values.basePaise, { kind: coupon.kind, value: coupon.value }) : 0,
    });
    const orderId = random.uuid();
    const createdAt = new Date(values.paidAt.getTime() - 5 * 60_000);
    const receipt = nextReceipt(values.paidAt);
    await db
      .insertInto('orders')
      .values({
        id: orderId,
        learner_account_id: values.learnerAccountId,
        purpose: values.purpose,
        batch_student_id: values.batchStudentId,
        batch_student_plan_id: values.packId ?? null,
        previous_plan_id: null,
        payment_request_id: null,
        payment_link_id: values.paymentLinkId ?? null,
        base_paise: price.basePaise,
        coupon_discount_paise: price.couponDiscountPaise,
        referral_discount_paise: 0,
        total_paise: price.totalPaise,
        ...gstColumns(price.totalPaise),
        coupon_id: coupon ? (couponIds.get(coupon.code) ?? null) : null,
        referral_code_id: null,
        description: values.description,
        gateway: 'sandbox',
        gateway_order_id: gatewayId('order'),
        status: 'paid',
        last_outcome: 'success',
        failure_reason: null,
        idempotency_key: random.uuid().replace(/-/g, ''),
        request_hash: canonicalHash({ call: values.purpose, batchStudentId: values.batchStudentId, paymentLinkId: values.paymentLinkId }),
        receipt_number: receipt,
        expires_at: new Date(createdAt.getTime() + 30 * 60_000),
        paid_at: values.paidAt,
        created_at: createdAt,
        updated_at: values.paidAt,
      })
      .execute();
    const payment = random.uuid();
    const gatewayPaymentId = gatewayId('pay');
    await db
      .insertInto('payments')
      .values({
        id: payment,
        order_id: orderId,
        gateway: 'sandbox',
        gateway_payment_id: gatewayPaymentId,
        status: 'captured',
        amount_paise: price.totalPaise,
        method: 'upi',
        held_reason: null,
        source: 'verify',
        created_at: values.paidAt,
      })
      .execute();
    if (coupon) {
      await db
        .insertInto('coupon_redemptions')
        .values({
          id: random.uuid(),
          coupon_id: couponIds.get(coupon.code) ?? '',
          order_id: orderId,
          learner_account_id: values.learnerAccountId,
          discount_paise: price.couponDiscountPaise,
          redeemed_at: values.paidAt,
        })
        .execute();
    }
    ledger.push({
      id: random.uuid(),
      learner_account_id: values.learnerAccountId,
      batch_student_id: values.batchStudentId,
      kind: 'payment',
      amount_paise: price.totalPaise,
      classes_delta: 0,
      order_id: orderId,
      payment_id: payment,
      description: `Payment ${gatewayPaymentId}, receipt ${receipt}`,
      created_at: values.paidAt,
    });
    orders++;
    return { orderId, paymentId: payment, totalPaise: price.totalPaise };
  }

  /**
   * A pack (the batch's smallest with at least `minClasses`) paid at `paidAt`, then either
   * `attended` classes from it and `beyond` owed after it on the following evenings, before
   * sessions were tracked, or the `marked` sessions' attendance, each class attended consumed
   * against that session.
   */
  async function paidPack(values: {
    learnerAccountId: string;
    batchStudentId: string;
    batchId: string;
    couponCode?: string;
    paidAt: Date;
    minClasses?: number;
    attended?: number;
    beyond?: number;
    marked?: readonly MarkedSession[];
    studentName: string;
  }): Promise<void> {
    const plan = await db
      .selectFrom('class_pack_plans')
      .select(['id', 'name', 'classes_count', 'price_paise', 'validity_days'])
      .where('batch_id', '=', values.batchId)
      .where('classes_count', '>=', values.minClasses ?? 1)
      .orderBy('classes_count')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const paidAt = values.paidAt;
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
    const { orderId, paymentId, totalPaise } = await paidOrder({
      learnerAccountId: values.learnerAccountId,
      purpose: 'class_pack',
      batchStudentId: values.batchStudentId,
      packId,
      basePaise: plan.price_paise,
      couponCode: values.couponCode,
      description: `${plan.name} for ${values.studentName}`,
      paidAt,
    });
    await db.updateTable('batch_student_plans').set({ paid_paise: totalPaise }).where('id', '=', packId).execute();
    await db.updateTable('batch_students').set({ status: 'active' }).where('id', '=', values.batchStudentId).execute();
    ledger.push({
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
    const price = perClassPaise({ classesCount: plan.classes_count, pricePaise: plan.price_paise });
    /** A class taken from the pack, or owed at the pack's per-class price once the pack is used. */
    const consumed = (fromPack: boolean, day: string, at: Date, sessionId: string | null) => {
      const id = random.uuid();
      ledger.push({
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
    // Attended before sessions were tracked in the ledger, so these name no session.
    const attended = Math.min(values.attended ?? 0, plan.classes_count);
    for (let i = 0; i < attended + (values.beyond ?? 0); i++) {
      const day = new Date(paidAt.getTime() + (i + 1) * DAY_MS - 3_600_000);
      consumed(i < attended, istDateKey(day), day, null);
    }

    const marked = values.marked ?? [];
    if (marked.length === 0) return;
    const teacher = await db
      .selectFrom('batches as b')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .select('l.teacher_id')
      .where('b.id', '=', values.batchId)
      .executeTakeFirstOrThrow();
    let used = 0;
    for (const { session, attended: came } of marked) {
      if (came && session.startsAt <= paidAt) throw new Error(`A class ${values.studentName} attended comes before the pack was paid`);
      // The teacher marks the register half an hour after class.
      const markedAt = new Date(session.endsAt.getTime() + 30 * 60_000);
      let ledgerEntryId: string | null = null;
      if (came) {
        ledgerEntryId = consumed(used < plan.classes_count, session.occursOn, markedAt, session.id);
        used++;
      }
      attendance.push({
        session_id: session.id,
        batch_student_id: values.batchStudentId,
        status: came ? 'attended' : 'missed',
        ledger_entry_id: ledgerEntryId,
        marked_by_teacher_id: teacher.teacher_id,
        marked_at: markedAt,
      });
      completed.add(session.id);
    }
  }

  /** The batch's past sessions after the batch student joined, oldest first. */
  /**
   * The past classes of a student's batch since they joined whose register the teacher took.
   * Aarav's batch's latest class is left with its register to take, as a teacher who has not
   * yet marked the last class leaves it (the workspace's schedule shows it so).
   */
  async function sessionsSinceJoining(batchStudentId: string): Promise<{ batchId: string; sessions: PastSession[] }> {
    const row = await db.selectFrom('batch_students').select(['batch_id', 'created_at']).where('id', '=', batchStudentId).executeTakeFirstOrThrow();
    const joined = new Date(row.created_at);
    const toTake = row.batch_id === wellKnownFamily.aarav.batchId ? latestPastSession(options.pastSessions, row.batch_id) : undefined;
    return {
      batchId: row.batch_id,
      sessions: options.pastSessions.filter((session) => session.batchId === row.batch_id && session.startsAt > joined && session !== toTake),
    };
  }

  // Every payment is made in the order it happened, so receipt numbers follow the order of payment.
  const purchases: { at: Date; pay: () => Promise<unknown> }[] = [];

  // Asha: the batch student of her enrolled enquiry.
  const enrolled = await db
    .selectFrom('enquiries')
    .select(['batch_student_id', 'teacher_id'])
    .where('id', '=', wellKnownEnquiryIds.enrolled)
    .executeTakeFirst();
  const ashaBatchStudent = enrolled?.batch_student_id
    ? await db.selectFrom('batch_students').select(['id', 'batch_id']).where('id', '=', enrolled.batch_student_id).executeTakeFirst()
    : undefined;
  // Rahul: a place in another batch (one whose seat count already includes it), a pack bought
  // with SOLDOUT (its only use) twenty days ago, every class used and two more attended.
  // Its classes predate session tracking, so its batch gets no past sessions (the family
  // batches, which have them, are not among `options.batches`).
  const owingBatch = options.batches.find((batch) => batch.seatsTaken >= 1 && batch.id !== ashaBatchStudent?.batch_id);
  if (owingBatch) {
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
    purchases.push({
      at: daysAgo(20, 19),
      pay: () =>
        paidPack({
          learnerAccountId: rahul.accountId,
          batchStudentId: wellKnownOwingBatchStudentId,
          batchId: owingBatch.id,
          couponCode: 'SOLDOUT',
          paidAt: daysAgo(20, 19),
          attended: 1_000,
          beyond: seededClassesOwed,
          studentName: rahul.students[0].name,
        }),
    });
  }

  if (ashaBatchStudent) {
    // Asha paid (ONCE15) the evening before the first of her last three classes, came to those
    // three, and missed the ones between joining and paying.
    const { sessions } = await sessionsSinceJoining(ashaBatchStudent.id);
    const attended = sessions.slice(-seededClassesConsumed);
    const [firstAttended] = attended;
    if (!firstAttended || attended.length < seededClassesConsumed) throw new Error("Asha's batch has too few past sessions for her seeded classes");
    const paidAt = new Date(istInstant(firstAttended.occursOn, '19:00').getTime() - DAY_MS);
    purchases.push({
      at: paidAt,
      pay: () =>
        paidPack({
          learnerAccountId: asha.accountId,
          batchStudentId: ashaBatchStudent.id,
          batchId: ashaBatchStudent.batch_id,
          couponCode: 'ONCE15',
          paidAt,
          marked: sessions.map((session) => ({ session, attended: attended.includes(session) })),
          studentName: asha.students[0].name,
        }),
    });
  }

  // Meera bought each child a pack before the last three weeks; each child missed one class
  // (the second) and came to every other, the latest included. Aarav's pack has classes to
  // spare; Diya's is exactly what she attended, so it is used up and due for renewal.
  const meera = wellKnownLearners.meera;
  for (const [index, child] of [wellKnownFamily.aarav, wellKnownFamily.diya].entries()) {
    const { batchId, sessions } = await sessionsSinceJoining(child.batchStudentId);
    const paidAt = new Date(daysAgo(familyPaidDaysBefore, 19).getTime() + index * 60_000);
    purchases.push({
      at: paidAt,
      pay: () =>
        paidPack({
          learnerAccountId: meera.accountId,
          batchStudentId: child.batchStudentId,
          batchId,
          paidAt,
          minClasses: child === wellKnownFamily.diya ? sessions.length - 1 : sessions.length + 2,
          marked: sessions.map((session, position) => ({ session, attended: position !== 1 })),
          studentName: meera.students[index]?.name ?? meera.name,
        }),
    });
  }

  // Payment links for Asha from the teacher of her enrolled batch, one in every state.
  const linkTeacher = enrolled?.teacher_id ?? options.batches[0]?.teacherId;
  if (linkTeacher) {
    const links = [
      {
        id: wellKnownPaymentLinkIds.issued,
        status: 'issued' as const,
        amount: 150_000,
        description: 'Annual day costume and stage fee',
        expiresAt: daysAgo(-7),
        paidAt: null,
      },
      {
        id: wellKnownPaymentLinkIds.paid,
        status: 'paid' as const,
        amount: 80_000,
        description: 'Exam registration fee',
        expiresAt: daysAgo(5),
        paidAt: daysAgo(8, 20),
      },
      {
        id: wellKnownPaymentLinkIds.expired,
        status: 'expired' as const,
        amount: 50_000,
        description: 'Workshop with a visiting artist',
        expiresAt: daysAgo(2),
        paidAt: null,
      },
      {
        id: wellKnownPaymentLinkIds.cancelled,
        status: 'cancelled' as const,
        amount: 120_000,
        description: 'Summer camp (cancelled)',
        expiresAt: daysAgo(-10),
        paidAt: null,
      },
    ];
    for (const link of links) {
      await db
        .insertInto('payment_links')
        .values({
          id: link.id,
          teacher_id: linkTeacher,
          learner_phone: asha.phone,
          batch_student_id: null,
          amount_paise: link.amount,
          description: link.description,
          status: link.status,
          expires_at: link.expiresAt,
          paid_at: link.paidAt,
          created_at: daysAgo(14),
        })
        .execute();
      const paidAt = link.paidAt;
      if (paidAt) {
        purchases.push({
          at: paidAt,
          pay: () =>
            paidOrder({
              learnerAccountId: asha.accountId,
              purpose: 'payment_link',
              batchStudentId: null,
              paymentLinkId: link.id,
              basePaise: link.amount,
              description: link.description,
              paidAt,
            }),
        });
      }
    }
  }

  for (const purchase of purchases.sort((a, b) => a.at.getTime() - b.at.getTime())) await purchase.pay();

  if (ledger.length > 0)
    await db
      .insertInto('ledger_entries')
      .values(ledger.sort((a, b) => +new Date(a.created_at) - +new Date(b.created_at)))
      .execute();
  // Attendance points at the ledger entries, so it follows them; a marked session is held.
  if (attendance.length > 0) await db.insertInto('session_attendance').values(attendance).execute();
  if (completed.size > 0)
    await db
      .updateTable('class_sessions')
      .set({ status: 'completed' })
      .where('id', 'in', [...completed])
      .execute();
  for (const [year, last] of receipts) await db.insertInto('receipt_sequences').values({ financial_year: year, last_number: last }).execute();
  const teacherOfTheDay = await db.selectFrom('users').select('teacher_id').where('phone', '=', wellKnownTeacher.phone).executeTakeFirst();
  const invitedBatch = options.batches.find((batch) => batch.teacherId === teacherOfTheDay?.teacher_id);
  if (invitedBatch && teacherOfTheDay?.teacher_id) {
    await db
      .insertInto('batch_invitations')
      .values({
        id: wellKnownBatchInvitation.id,
        batch_id: invitedBatch.id,
        teacher_id: teacherOfTheDay.teacher_id,
        token_hash: invitationTokenHash(wellKnownBatchInvitation.token),
        // Long-lived: the demo's calendar moves with its anchor day.
        expires_at: daysAgo(-365),
        created_at: daysAgo(1),
      })
      .execute();
  }
  return {
    batch_invitations: invitedBatch ? 1 : 0,
    coupons: coupons.length,
    referral_codes: referrals.length,
    orders,
    ledger_entries: ledger.length,
    session_attendance: attendance.length,
    payment_links: linkTeacher ? 4 : 0,
  };
}

function gstColumns(totalPaise: number): { taxable_paise: number; cgst_paise: number; sgst_paise: number } {
  const split = gstSplit(totalPaise);
  return { taxable_paise: split.taxablePaise, cgst_paise: split.cgstPaise, sgst_paise: split.sgstPaise };
}
