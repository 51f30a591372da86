import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import type { Random } from '../random';
import type { PastSession } from '../sessions';
import { seedCoupons, seedReferralCodes } from './discounts';
import { seedBatchInvitation } from './invitations';
import { findAshaEnrolment, planLearnerPurchases } from './learner-purchases';
import { seedPaymentLinks } from './payment-links';
import { createPaymentsSeedContext } from './payments-seed-context';
import { createPurchases } from './purchases';

export interface SeedPaymentsOptions {
  random: Random;
  anchorDate: string;
  /** Batches the owing batch student may join: ones with a seat already counted, so no batch row changes. */
  batches: readonly { id: string; seatsTaken: number; teacherId: string }[];
  /** Past sessions of the batches whose seeded students have attendance marked, oldest first. */
  pastSessions: readonly PastSession[];
}

/**
 * Coupons in every state, referral codes, payment links in every state, a paid class pack with
 * classes attended for Asha's enrolled enquiry and for each of Meera's children, and a batch
 * student of Rahul's that owes a settlement. Written through the same arithmetic as the API
 * (money.ts), with whole ledgers, so every balance the API reports is a sum over what is seeded
 * here; each class attended in a session has its attendance row pointing at the ledger entry
 * that consumed it, as marking attendance in the API leaves it. Every order records the student
 * it pays for (its place's student; none for a payment link), as the API's checkout decides it.
 */
export async function seedPayments(db: Kysely<Database>, options: SeedPaymentsOptions): Promise<Record<string, number>> {
  const context = createPaymentsSeedContext(db, options.random, options.anchorDate);
  const coupons = await seedCoupons(context);
  const referralCodes = await seedReferralCodes(context);
  const purchases = createPurchases(context, coupons);

  const ashaEnrolment = await findAshaEnrolment(db);
  const learnerPurchases = await planLearnerPurchases(context, purchases, ashaEnrolment, options);
  const linkTeacher = ashaEnrolment.teacherId ?? options.batches[0]?.teacherId;
  const paymentLinks = linkTeacher ? await seedPaymentLinks(context, purchases, linkTeacher) : { links: 0, payments: [] };

  // Every payment is made in the order it happened, so receipt numbers follow the order of payment.
  const planned = [...learnerPurchases, ...paymentLinks.payments].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const purchase of planned) await purchase.pay();
  const written = await purchases.writeGatheredRows();

  const batchInvitations = await seedBatchInvitation(context, options.batches);
  return {
    batch_invitations: batchInvitations,
    coupons: coupons.size,
    referral_codes: referralCodes,
    orders: written.orders,
    ledger_entries: written.ledger_entries,
    session_attendance: written.session_attendance,
    payment_links: paymentLinks.links,
  };
}
