import { addDaysToDateKey, type DateKey } from '@kalike/shared/format/dates';
import { classPackLifecycle, type ClassPackStatus } from '@kalike/shared/domain/class-pack-lifecycle';
import { fullRefundDays, refundRuleLabels, type RefundRule } from '@kalike/shared/domain/refund-policy';
import { refundSplitPaise, unusedCreditPaise } from '../money';

/** What a refund quote is read from: one pack as stored, with what its ledger says is used and left. */
export interface QuotedPack {
  /** Stored status: only an `active` pack can be cancelled. */
  status: ClassPackStatus;
  paidPaise: number;
  classesTotal: number;
  classesUsed: number;
  classesLeft: number;
  /** The day (IST) the pack was paid for: the refund window counts from it, not from a later start. */
  paidOn: DateKey;
  validUntil: DateKey | null;
  /** What already went back from this pack (an admin's refund of an amount leaves its classes on it). */
  refundedPaise: number;
}

export interface RefundQuote {
  rule: RefundRule;
  amountPaise: number;
  /** The classes the refund takes off the pack: all that are left, or none when nothing comes back. */
  classes: number;
  reason: string;
  /** The last day the whole pack comes back (IST), while that is still possible; else null. */
  wholePackUntil: DateKey | null;
}

function nothing(rule: RefundRule): RefundQuote {
  return { rule, amountPaise: 0, classes: 0, reason: refundRuleLabels[rule], wholePackUntil: null };
}

/** No refund of a pack ever takes its refunds past what was paid for it. */
const withinPaid = (pack: QuotedPack, amountPaise: number) => Math.min(amountPaise, Math.max(0, pack.paidPaise - pack.refundedPaise));

/** The unused classes at the price paid per class (money.ts `unusedCreditPaise`). */
function unusedClasses(pack: QuotedPack, classes: number): RefundQuote {
  return {
    rule: 'unused_classes',
    amountPaise: withinPaid(pack, unusedCreditPaise({ paidPaise: pack.paidPaise, classesTotal: pack.classesTotal, classesLeft: classes })),
    classes,
    reason: refundRuleLabels.unused_classes,
    wholePackUntil: null,
  };
}

/** Why a pack gives nothing back, or null when it still has usable classes. */
function nothingBack(pack: QuotedPack, today: DateKey): RefundQuote | null {
  if (pack.status !== 'active') return nothing('not_cancellable');
  const status = classPackLifecycle.statusAt({ status: pack.status, validUntil: pack.validUntil, classesLeft: pack.classesLeft }, today);
  if (status === 'expired') return nothing('expired');
  if (status === 'used_up') return nothing('nothing_left');
  return null;
}

/**
 * What cancelling a pack today gives back under the refund policy (shared/domain/refund-policy.ts):
 * the whole amount paid within `fullRefundDays` of payment while no class is used, else the
 * unused classes at the price paid per class; an expired, used-up or not active pack nothing.
 * Pure: the API quotes with it before the family confirms and again under the place's lock.
 */
export function refundQuote(pack: QuotedPack, today: DateKey): RefundQuote {
  const none = nothingBack(pack, today);
  if (none) return none;
  const classes = Math.max(0, pack.classesLeft);
  const lastWholeDay = addDaysToDateKey(pack.paidOn, fullRefundDays - 1);
  // Whole only while nothing of it is gone: a class already refunded (by an admin) is not paid back twice.
  if (pack.classesUsed === 0 && classes === pack.classesTotal && today <= lastWholeDay) {
    return { rule: 'whole_pack', amountPaise: withinPaid(pack, pack.paidPaise), classes, reason: refundRuleLabels.whole_pack, wholePackUntil: lastWholeDay };
  }
  return unusedClasses(pack, classes);
}

/**
 * A teacher ending a batch or removing a student: every unused class comes back at the price
 * paid for it, whatever the window, for any pack still giving classes.
 */
export function teacherEndedQuote(pack: QuotedPack, today: DateKey): RefundQuote {
  const none = nothingBack(pack, today);
  if (none) return none;
  const classes = Math.max(0, pack.classesLeft);
  return unusedClasses(pack, classes);
}

/**
 * The quote's two parts when the family chooses the payment method, as the cancel page shows
 * them: what the payment can still take back, and the rest (the part paid with credit) as credit.
 */
export function quoteParts(amountPaise: number, paymentLeftPaise: number): { originalMethodPaise: number; creditPaise: number } {
  const { originalPaise, creditPaise } = refundSplitPaise(amountPaise, paymentLeftPaise);
  return { originalMethodPaise: originalPaise, creditPaise };
}
