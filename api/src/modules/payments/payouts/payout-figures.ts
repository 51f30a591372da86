import { createHash } from 'node:crypto';
import { addDaysToDateKey, istDateKey, istInstant, isoWeekdayOfKey } from '@kalike/shared/format/dates';
import type { PayoutTrigger } from '@kalike/shared/domain/payout-lifecycle';
import { paymentFigures, refundFigures, type EarningsPayment } from '../earnings/earnings-figures';

/**
 * What a teacher can be paid, in integer paise, with no I/O. Earned money is the earnings
 * statement's own net (`paymentFigures`: collected − GST − Kalike's fee), so the payouts page
 * and the statement can never disagree; a refund takes back its own net the same way.
 */

/** A refund of a payment for one of the teacher's batches, as the ledger booked it. */
export interface RefundEntry {
  amountPaise: number;
  at: Date;
}

export interface PayoutBalanceInput {
  payments: readonly Pick<EarningsPayment, 'amountPaise' | 'keptAsCredit' | 'at'>[];
  refunds: readonly RefundEntry[];
  /** The teacher's side of the ledger: payouts (negative) and their reversals (positive). */
  payoutEntriesPaise: readonly number[];
  /** Payments booked after this instant are still inside the hold. */
  holdUntil: Date;
  feeBasisPoints: number;
}

export interface PayoutBalance {
  /** Net of every payment, less the net of every refund. */
  earnedPaise: number;
  /** The net of every refund: taken back from what the teacher earned, shown as recovered for refunds. */
  refundedPaise: number;
  /** Net of the payments still inside the hold. */
  heldPaise: number;
  /** Paid out or on its way (payouts not reversed). */
  paidOutPaise: number;
  /** earned − paid out: the teacher's balance on the ledger. */
  balancePaise: number;
  /** What may be paid out now: the balance less what is still held, never below zero. */
  payablePaise: number;
}

export function payoutBalance(input: PayoutBalanceInput): PayoutBalance {
  const net = (amountPaise: number, at: Date) => paymentFigures(Math.abs(amountPaise), false, input.feeBasisPoints, at).netPaise;
  let earnedPaise = 0;
  let heldPaise = 0;
  for (const payment of input.payments) {
    const paymentNet = net(payment.amountPaise, payment.at);
    earnedPaise += paymentNet;
    if (payment.at.getTime() > input.holdUntil.getTime()) heldPaise += paymentNet;
  }
  // The statement's own refund figures: what it shows taken back is what payouts take back.
  const refundedPaise = input.refunds.reduce((sum, refund) => sum - refundFigures(refund.amountPaise, input.feeBasisPoints, refund.at).netPaise, 0);
  earnedPaise -= refundedPaise;
  const paidOutPaise = input.payoutEntriesPaise.reduce((sum, amount) => sum - amount, 0);
  const balancePaise = earnedPaise - paidOutPaise;
  return { earnedPaise, refundedPaise, heldPaise, paidOutPaise, balancePaise, payablePaise: Math.max(0, balancePaise - heldPaise) };
}

export interface PayoutSchedule {
  /** ISO weekday in Bengaluru, 1 Monday … 7 Sunday. */
  weekday: number;
  /** HH:MM in Bengaluru. */
  timeIst: string;
}

/** The latest scheduled payout at or before `now` (the one a tick runs). */
export function latestPayoutSlot(now: Date, schedule: PayoutSchedule): Date {
  const today = istDateKey(now);
  const back = (isoWeekdayOfKey(today) - schedule.weekday + 7) % 7;
  const slot = istInstant(addDaysToDateKey(today, -back), schedule.timeIst);
  return slot.getTime() <= now.getTime() ? slot : istInstant(addDaysToDateKey(today, -back - 7), schedule.timeIst);
}

/** The next scheduled payout after `now`. */
export function nextPayoutSlot(now: Date, schedule: PayoutSchedule): Date {
  const latest = latestPayoutSlot(now, schedule);
  return istInstant(addDaysToDateKey(istDateKey(latest), 7), schedule.timeIst);
}

/**
 * One key per teacher, trigger and period (the schedule's day, or the day of a "Pay out now"):
 * a rerun, a retry after a crash or two instances ticking together all arrive at the same key,
 * which the database keeps unique and the provider deduplicates on. 35 characters, within
 * Razorpay's 40 for a reference id.
 */
export function payoutIdempotencyKey(teacherId: string, trigger: PayoutTrigger, periodDay: string): string {
  return `po_${createHash('sha256').update(`${teacherId}|${trigger}|${periodDay}`).digest('hex').slice(0, 32)}`;
}
