import type { LedgerEntry } from '@kalike/shared/contracts/payments';
import { formatLongDay, formatShortDay, formatTime, istDateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';

/** One thing that happened to an enrolment, as a person says it: what, then when. */
export interface LedgerEvent {
  key: string;
  /** "Paid ₹3,060 for a 12-class pack", "Class attended": never a signed amount. */
  text: string;
  /** When it happened: a class's own day and time (not when it was marked), a payment's day. */
  when: { iso: string; text: string };
  receipt: NonNullable<LedgerEntry['receipt']> | null;
}

const classCount = (count: number) => `${count} ${count === 1 ? 'class' : 'classes'}`;

/**
 * The rows one event wrote share their instant (one transaction) and their order or refund:
 * a payment and the pack it bought, a refund's credit and the money sent back.
 */
function eventKey(entry: LedgerEntry): string {
  return `${entry.at}|${entry.orderId ?? entry.refundId ?? ''}`;
}

function packText(purchase: LedgerEntry, group: readonly LedgerEntry[]): string {
  const pack = `a ${purchase.classesDelta}-class pack`;
  const pricePaise = -purchase.amountPaise;
  const paidPaise = group.find((entry) => entry.kind === 'payment')?.amountPaise ?? 0;
  const creditPaise = pricePaise - paidPaise;
  const replaced = group.find((entry) => entry.kind === 'adjustment' && entry.classesDelta < 0);
  if (replaced) {
    const paid = paidPaise > 0 ? `paid ${formatPaise(paidPaise)}` : 'paid from credit';
    return `Changed to ${pack}: ${paid}; the ${classCount(-replaced.classesDelta)} left of the old pack became ${formatPaise(replaced.amountPaise)} of credit`;
  }
  if (paidPaise <= 0) return `Paid ${formatPaise(pricePaise)} from credit for ${pack}`;
  return `Paid ${formatPaise(paidPaise)} for ${pack}${creditPaise > 0 ? `, with ${formatPaise(creditPaise)} of credit` : ''}`;
}

function classText(consumed: LedgerEntry): string {
  if (consumed.classesDelta < 0) return 'Class attended';
  return `Class attended after the pack ran out: ${formatPaise(-consumed.amountPaise)} to pay`;
}

function returnedText(returned: LedgerEntry, group: readonly LedgerEntry[]): string {
  const credit = group.find((entry) => entry.kind === 'adjustment' && entry.amountPaise > 0);
  if (credit) return `Class given back as ${formatPaise(credit.amountPaise)} of credit`;
  return returned.classesDelta > 0 ? 'Class given back to the pack' : `Class no longer to pay (${formatPaise(returned.amountPaise)})`;
}

/** A refund: classes off a pack (or an amount), sent to the payment method or kept as credit. */
function refundText(group: readonly LedgerEntry[]): string | null {
  const credit = group.find((entry) => entry.kind === 'adjustment');
  const sentBack = group.find((entry) => entry.kind === 'refund');
  if (!credit) return sentBack ? `${formatPaise(-sentBack.amountPaise)} refunded to your payment method` : null;
  const classes = -credit.classesDelta;
  const what = classes > 0 ? `${classCount(classes)} refunded` : `${formatPaise(credit.amountPaise)} refunded`;
  if (sentBack) return classes > 0 ? `${what}: ${formatPaise(credit.amountPaise)} to your payment method` : `${what} to your payment method`;
  // An amount kept as credit reads like a refund that failed on its way back: their own words say which.
  return classes > 0 ? `${what} as ${formatPaise(credit.amountPaise)} of credit` : null;
}

function paymentText(payment: LedgerEntry): string {
  // A payment with no receipt reached an order it could not pay (expired, already paid): it stays as credit.
  return payment.receipt ? `Paid ${formatPaise(payment.amountPaise)}` : `Paid ${formatPaise(payment.amountPaise)}, kept as credit`;
}

function eventText(group: readonly LedgerEntry[]): string {
  const of = (kind: LedgerEntry['kind']) => group.find((entry) => entry.kind === kind);
  const consumed = of('class_consumed');
  if (consumed) return classText(consumed);
  const returned = of('class_returned');
  if (returned) return returnedText(returned, group);
  const purchase = of('class_pack_purchase');
  if (purchase) return packText(purchase, group);
  const refund = group.some((entry) => entry.refundId) ? refundText(group) : null;
  if (refund) return refund;
  const payment = of('payment');
  if (payment) return paymentText(payment);
  return group[0]?.description ?? '';
}

function whenOf(group: readonly LedgerEntry[]): LedgerEvent['when'] {
  const classStartsAt = group.find((entry) => entry.classStartsAt)?.classStartsAt;
  if (classStartsAt) return { iso: classStartsAt, text: `${formatShortDay(istDateKey(classStartsAt))}, ${formatTime(classStartsAt)}` };
  const at = group[0]?.at ?? '';
  return { iso: at, text: formatLongDay(istDateKey(at)) };
}

/** The ledger's rows read as events, newest first: one line for a payment and the pack it bought. */
export function ledgerEvents(entries: readonly LedgerEntry[]): LedgerEvent[] {
  const groups = new Map<string, LedgerEntry[]>();
  for (const entry of [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))) {
    const key = eventKey(entry);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.entries()].map(([key, group]) => ({
    key,
    text: eventText(group),
    when: whenOf(group),
    receipt: group.find((entry) => entry.receipt)?.receipt ?? null,
  }));
}
