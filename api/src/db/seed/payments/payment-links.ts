import { wellKnownLearners } from '../accounts';
import { wellKnownPaymentLinkIds } from '../payments';
import type { PaymentsSeedContext } from './payments-seed-context';
import type { PlannedPurchase, Purchases } from './purchases';

/**
 * Payment links for Asha from the teacher of her enrolled batch, one in every state; the paid
 * one's order is returned to be paid in its turn.
 */
export async function seedPaymentLinks(
  { db, daysAgo }: PaymentsSeedContext,
  purchases: Purchases,
  teacherId: string,
): Promise<{ links: number; payments: PlannedPurchase[] }> {
  const asha = wellKnownLearners.asha;
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
  const payments: PlannedPurchase[] = [];
  for (const link of links) {
    await db
      .insertInto('payment_links')
      .values({
        id: link.id,
        teacher_id: teacherId,
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
      payments.push({
        at: paidAt,
        pay: () =>
          purchases.paidOrder({
            learnerAccountId: asha.accountId,
            purpose: 'payment_link',
            batchStudentId: null,
            studentId: null,
            paymentLinkId: link.id,
            basePaise: link.amount,
            description: link.description,
            paidAt,
          }),
      });
    }
  }
  return { links: links.length, payments };
}
