import { formatPaise } from '@kalike/shared/format/money';
import type { NewLedgerEntry } from './ledger.repository';
import type { PaymentsQueries } from '../payments.repository';

/**
 * What happened to a learner's money or classes, as the ledger hears of it. Every ledger row
 * is built here from one of these events, so the other payments files say what happened and
 * never how it is booked. Amounts are integer paise; credit is positive, owed negative.
 */
export type LedgerEvent = OrderPaid | PaymentKeptAsCredit | PackSwitchedFromCredit | ClassConsumed | ClassReturned | RefundBooked | RefundFailed;

/** A pack whose unused classes a change of plan takes back, and what they are worth. */
export interface ReplacedPack {
  packId: string;
  planName: string;
  creditPaise: number;
  classesLeft: number;
}

/** The pack an order or a credit switch bought. */
export interface BoughtPack {
  packId: string;
  planName: string;
  classesTotal: number;
  /** What the pack was bought with: the price after discounts, in money and credit together. */
  pricePaidPaise: number;
}

interface EventBase {
  learnerAccountId: string;
  batchStudentId: string | null;
  at: Date;
}

/** An order was paid, through a gateway or entirely from credit (then `paymentId` is null). */
export interface OrderPaid extends EventBase {
  kind: 'order_paid';
  orderId: string;
  paymentId: string | null;
  gatewayPaymentId: string | null;
  receiptNumber: string;
  /** The money paid now; 0 when credit paid it all. */
  totalPaise: number;
  /** The credit the order took off its price. */
  creditPaise: number;
  /** A change of plan replaces the pack in use before the new one starts. */
  replaced: ReplacedPack | null;
  /** Null when the order bought no pack (a settlement, a link, a request without a seat). */
  pack: BoughtPack | null;
}

/** A genuine payment that could not pay its order: the money stays as credit. */
export interface PaymentKeptAsCredit extends EventBase {
  kind: 'payment_kept_as_credit';
  orderId: string;
  paymentId: string;
  gatewayPaymentId: string;
  amountPaise: number;
  /** Why, in words: "had expired", "was already paid", … */
  why: string;
}

/** A change of plan that credit covered: the old pack is replaced and the new one paid from credit. */
export interface PackSwitchedFromCredit extends EventBase {
  kind: 'pack_switched_from_credit';
  batchStudentId: string;
  replaced: ReplacedPack | null;
  pack: BoughtPack;
}

/** A class attended: from a pack, or owed at a per-class price when no pack has one left. */
export interface ClassConsumed extends EventBase {
  kind: 'class_consumed';
  batchStudentId: string;
  sessionId: string;
  /** The session's day in Bengaluru, YYYY-MM-DD. */
  day: string;
  source: { kind: 'pack'; packId: string; planName: string } | { kind: 'owed'; perClassPaise: number; packId: string | null };
  /** The return this consumption follows when a corrected mark makes the class attended again. */
  afterReturnId?: string | null;
}

/** The consumption a corrected mark undoes, as the ledger wrote it. */
export interface ConsumptionEntry {
  id: string;
  amountPaise: number;
  classesDelta: number;
  packId: string | null;
}

/** A mark corrected from attended to missed: the class one consumption took comes back, exactly. */
export interface ClassReturned extends EventBase {
  kind: 'class_returned';
  batchStudentId: string;
  sessionId: string;
  /** The session's day in Bengaluru, YYYY-MM-DD. */
  day: string;
  consumption: ConsumptionEntry;
  /** The class's pack when it was cancelled or replaced since: the class comes straight off it again as this credit. */
  closedPack?: { planName: string; creditPaise: number } | null;
  /** Why it came back, when not a corrected mark (an admin refunding a class that did not happen). */
  because?: string;
}

/**
 * Money going back to a family: the pack's unused classes come off it and their value is
 * credited; a refund to the original payment method then sends that credit out (a `refund`
 * entry, which the teacher's payouts take back). As credit, it stays on the place.
 */
export interface RefundBooked extends EventBase {
  kind: 'refund_booked';
  refundId: string;
  method: 'original' | 'credit';
  amountPaise: number;
  /** The order whose payment is refunded (a refund to the original method always has one). */
  orderId: string | null;
  /** The pack whose unused classes the refund takes off; null for a refund of an amount. */
  pack: { packId: string; planName: string; classes: number } | null;
  why: string;
}

/** The gateway could not send a refund back: its amount is kept as credit on the place. */
export interface RefundFailed extends EventBase {
  kind: 'refund_failed';
  refundId: string;
  amountPaise: number;
}

function assertPaise(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of paise, got ${value}`);
}

function replacedPosting(
  base: EventBase & { batchStudentId: string | null },
  replaced: ReplacedPack | null,
  refs: Pick<NewLedgerEntry, 'orderId' | 'paymentId'>,
): NewLedgerEntry[] {
  if (!replaced || (replaced.creditPaise <= 0 && replaced.classesLeft <= 0)) return [];
  assertPaise('creditPaise', replaced.creditPaise);
  const { classesLeft } = replaced;
  return [
    {
      learnerAccountId: base.learnerAccountId,
      batchStudentId: base.batchStudentId,
      kind: 'adjustment',
      amountPaise: replaced.creditPaise,
      classesDelta: -classesLeft,
      orderId: refs.orderId ?? null,
      paymentId: refs.paymentId ?? null,
      batchStudentPlanId: replaced.packId,
      description: `Credit for ${classesLeft} unused ${classesLeft === 1 ? 'class' : 'classes'} of ${replaced.planName}`,
      at: base.at,
    },
  ];
}

/** A paid order: the money in, then the pack it bought (and the credit of one it replaced). */
function orderPaidPostings(event: Extract<LedgerEvent, { kind: 'order_paid' }>): NewLedgerEntry[] {
  const { learnerAccountId, batchStudentId, at } = event;
  assertPaise('totalPaise', event.totalPaise);
  assertPaise('creditPaise', event.creditPaise);
  const refs = { orderId: event.orderId, paymentId: event.paymentId };
  const rows: NewLedgerEntry[] = [];
  if (event.totalPaise > 0) {
    rows.push({
      learnerAccountId,
      batchStudentId,
      kind: 'payment',
      amountPaise: event.totalPaise,
      ...refs,
      description: `Payment ${event.gatewayPaymentId ?? ''}, receipt ${event.receiptNumber}`,
      at,
    });
  }
  if (event.pack && batchStudentId) {
    rows.push(...replacedPosting(event, event.replaced, refs));
    assertPaise('pricePaidPaise', event.pack.pricePaidPaise);
    rows.push({
      learnerAccountId,
      batchStudentId,
      kind: 'class_pack_purchase',
      amountPaise: -event.pack.pricePaidPaise,
      classesDelta: event.pack.classesTotal,
      ...refs,
      batchStudentPlanId: event.pack.packId,
      description: `${event.pack.planName}: ${event.pack.classesTotal} classes${event.creditPaise > 0 ? `, ${formatPaise(event.creditPaise)} of it from credit` : ''}`,
      at,
    });
  }
  return rows;
}

/** A class attended: out of a pack, or owed at the per-class price when no pack has one left. */
function classConsumedPostings(event: Extract<LedgerEvent, { kind: 'class_consumed' }>): NewLedgerEntry[] {
  const { learnerAccountId, batchStudentId, at } = event;
  const { source } = event;
  if (source.kind === 'pack') {
    return [
      {
        learnerAccountId,
        batchStudentId,
        kind: 'class_consumed',
        amountPaise: 0,
        classesDelta: -1,
        batchStudentPlanId: source.packId,
        sessionId: event.sessionId,
        answersEntryId: event.afterReturnId ?? null,
        description: `Class on ${event.day} from ${source.planName}`,
        at,
      },
    ];
  }
  assertPaise('perClassPaise', source.perClassPaise);
  return [
    {
      learnerAccountId,
      batchStudentId,
      kind: 'class_consumed',
      amountPaise: -source.perClassPaise,
      classesDelta: 0,
      batchStudentPlanId: source.packId,
      sessionId: event.sessionId,
      answersEntryId: event.afterReturnId ?? null,
      description: `Class on ${event.day} beyond the class pack, ${formatPaise(source.perClassPaise)}`,
      at,
    },
  ];
}

/**
 * The mirror of one consumption: a class back to the same pack, or the owed amount taken off.
 * It answers that consumption, and the ledger lets each be answered once.
 */
function classReturnedPostings(event: Extract<LedgerEvent, { kind: 'class_returned' }>): NewLedgerEntry[] {
  const { consumption } = event;
  assertPaise('amountPaise', consumption.amountPaise);
  // `0 - x`, not `-x`: a pack's class costs 0 paise and the ledger must not see -0.
  const owed = 0 - consumption.amountPaise;
  return [
    {
      learnerAccountId: event.learnerAccountId,
      batchStudentId: event.batchStudentId,
      kind: 'class_returned',
      amountPaise: owed,
      classesDelta: 0 - consumption.classesDelta,
      batchStudentPlanId: consumption.packId,
      sessionId: event.sessionId,
      answersEntryId: consumption.id,
      description:
        consumption.classesDelta < 0
          ? `Class on ${event.day} given back: ${event.because ?? 'the mark was corrected to absent'}`
          : `Class on ${event.day} no longer owed (${formatPaise(owed)}): ${event.because ?? 'the mark was corrected to absent'}`,
      at: event.at,
    },
    ...(event.closedPack ? [closedPackCredit(event, event.closedPack)] : []),
  ];
}

/** A class given back to a pack no longer in use is worth its price paid per class, as credit on the place. */
function closedPackCredit(event: ClassReturned, closedPack: { planName: string; creditPaise: number }): NewLedgerEntry {
  assertPaise('creditPaise', closedPack.creditPaise);
  return {
    learnerAccountId: event.learnerAccountId,
    batchStudentId: event.batchStudentId,
    kind: 'adjustment',
    amountPaise: closedPack.creditPaise,
    classesDelta: -1,
    batchStudentPlanId: event.consumption.packId,
    sessionId: null,
    answersEntryId: null,
    description: `Credit for the class on ${event.day} given back (${formatPaise(closedPack.creditPaise)}): ${closedPack.planName} is no longer in use`,
    at: event.at,
  };
}

function refundBookedPostings(event: RefundBooked): NewLedgerEntry[] {
  const { learnerAccountId, batchStudentId, at, refundId, pack } = event;
  assertPaise('amountPaise', event.amountPaise);
  const classes = pack?.classes ?? 0;
  // An amount refunded from a pack takes no class off it: the reason says what it is for.
  const what = pack && classes > 0 ? `${classes} unused ${classes === 1 ? 'class' : 'classes'} of ${pack.planName}` : event.why;
  const rows: NewLedgerEntry[] = [
    {
      learnerAccountId,
      batchStudentId,
      kind: 'adjustment',
      amountPaise: event.amountPaise,
      classesDelta: classes > 0 ? -classes : 0,
      orderId: event.orderId,
      batchStudentPlanId: pack?.packId ?? null,
      refundId,
      description: `Refund for ${what}: ${formatPaise(event.amountPaise)}${event.method === 'credit' ? ' kept as Kalike credit' : ''}`,
      at,
    },
  ];
  if (event.method === 'original') {
    rows.push({
      learnerAccountId,
      batchStudentId,
      kind: 'refund',
      amountPaise: -event.amountPaise,
      orderId: event.orderId,
      refundId,
      description: `Refund of ${formatPaise(event.amountPaise)} to the original payment method`,
      at,
    });
  }
  return rows;
}

/** The rows an event writes, in the order they are written. Pure: no I/O. */
export function ledgerPostings(event: LedgerEvent): NewLedgerEntry[] {
  const { learnerAccountId, batchStudentId, at } = event;
  switch (event.kind) {
    case 'order_paid':
      return orderPaidPostings(event);
    case 'payment_kept_as_credit': {
      assertPaise('amountPaise', event.amountPaise);
      if (event.amountPaise <= 0) return [];
      return [
        {
          learnerAccountId,
          batchStudentId,
          kind: 'payment',
          amountPaise: event.amountPaise,
          orderId: event.orderId,
          paymentId: event.paymentId,
          description: `Payment ${event.gatewayPaymentId} reached an order that ${event.why}; kept as credit`,
          at,
        },
      ];
    }
    case 'pack_switched_from_credit': {
      assertPaise('pricePaidPaise', event.pack.pricePaidPaise);
      return [
        ...replacedPosting(event, event.replaced, {}),
        {
          learnerAccountId,
          batchStudentId,
          kind: 'class_pack_purchase',
          amountPaise: -event.pack.pricePaidPaise,
          classesDelta: event.pack.classesTotal,
          batchStudentPlanId: event.pack.packId,
          description: `${event.pack.planName}: ${event.pack.classesTotal} classes, paid from credit`,
          at,
        },
      ];
    }
    case 'class_consumed':
      return classConsumedPostings(event);
    case 'class_returned':
      return classReturnedPostings(event);
    case 'refund_booked':
      return refundBookedPostings(event);
    case 'refund_failed':
      assertPaise('amountPaise', event.amountPaise);
      return [
        {
          learnerAccountId,
          batchStudentId,
          kind: 'adjustment',
          amountPaise: event.amountPaise,
          refundId: event.refundId,
          description: `The bank could not take back a refund of ${formatPaise(event.amountPaise)}; kept as Kalike credit`,
          at,
        },
      ];
  }
}

/** Writes an event's rows inside the caller's transaction; returns their ids in order. */
export async function postLedgerEvent(tx: { ledger: Pick<PaymentsQueries['ledger'], 'insertEntry'> }, event: LedgerEvent): Promise<string[]> {
  const ids: string[] = [];
  for (const entry of ledgerPostings(event)) ids.push(await tx.ledger.insertEntry(entry));
  return ids;
}
