import type { PriceBreakdown } from '@kalike/shared/contracts/payments';
import type { Insertable } from 'kysely';
import { couponDiscountPaise, gstSplit, priceBreakdown } from '../../../modules/payments/money';
import { canonicalHash } from '../../../shared/canonical-hash';
import type { LedgerEntriesTable, OrdersTable, SessionAttendanceTable } from '../../schema';
import type { Random } from '../random';
import type { SeededCoupons } from './discounts';
import type { PaymentsSeedContext } from './payments-seed-context';
import type { ReceiptNumbers } from './receipts';

/**
 * What the purchases share: the coupons they may use, the receipt numbers, and the ledger
 * entries, attendance and taken registers gathered to be written last.
 */
export interface PurchaseBooks extends PaymentsSeedContext {
  coupons: SeededCoupons;
  receipts: ReceiptNumbers;
  ledger: Insertable<LedgerEntriesTable>[];
  attendance: Insertable<SessionAttendanceTable>[];
  completedSessionIds: Set<string>;
  orders: number;
}

export interface PaidOrderValues {
  learnerAccountId: string;
  purpose: 'class_pack' | 'payment_link';
  batchStudentId: string | null;
  /** The student the order pays for: the place's student, null for a learner's own place or no place. */
  studentId: string | null;
  packId?: string | null;
  paymentLinkId?: string | null;
  basePaise: number;
  couponCode?: string;
  description: string;
  paidAt: Date;
}

export interface PaidOrder {
  orderId: string;
  paymentId: string;
  totalPaise: number;
}

function gatewayId(random: Random, prefix: string): string {
  return `${prefix}_sbx_${random.uuid().replace(/-/g, '').slice(0, 14)}`;
}

function gstColumns(totalPaise: number): { taxable_paise: number; cgst_paise: number; sgst_paise: number } {
  const split = gstSplit(totalPaise);
  return { taxable_paise: split.taxablePaise, cgst_paise: split.cgstPaise, sgst_paise: split.sgstPaise };
}

function paidOrderRow(
  values: PaidOrderValues,
  order: { id: string; price: PriceBreakdown; couponId: string | null; receipt: string; gatewayOrderId: string; idempotencyKey: string },
): Insertable<OrdersTable> {
  const createdAt = new Date(values.paidAt.getTime() - 5 * 60_000);
  return {
    id: order.id,
    learner_account_id: values.learnerAccountId,
    purpose: values.purpose,
    batch_student_id: values.batchStudentId,
    student_id: values.studentId,
    batch_student_plan_id: values.packId ?? null,
    previous_plan_id: null,
    payment_request_id: null,
    payment_link_id: values.paymentLinkId ?? null,
    base_paise: order.price.basePaise,
    coupon_discount_paise: order.price.couponDiscountPaise,
    referral_discount_paise: 0,
    total_paise: order.price.totalPaise,
    ...gstColumns(order.price.totalPaise),
    coupon_id: order.couponId,
    referral_code_id: null,
    description: values.description,
    gateway: 'sandbox',
    gateway_order_id: order.gatewayOrderId,
    status: 'paid',
    last_outcome: 'success',
    failure_reason: null,
    idempotency_key: order.idempotencyKey,
    request_hash: canonicalHash({ call: values.purpose, batchStudentId: values.batchStudentId, paymentLinkId: values.paymentLinkId }),
    receipt_number: order.receipt,
    expires_at: new Date(createdAt.getTime() + 30 * 60_000),
    paid_at: values.paidAt,
    created_at: createdAt,
    updated_at: values.paidAt,
  };
}

/** A paid order with its payment, its coupon's redemption and its `payment` ledger entry. */
export async function paidOrder(books: PurchaseBooks, values: PaidOrderValues): Promise<PaidOrder> {
  const { db, random } = books;
  const coupon = values.couponCode ? books.coupons.get(values.couponCode) : undefined;
  const price = priceBreakdown({
    basePaise: values.basePaise,
    couponDiscountPaise: coupon ? couponDiscountPaise(values.basePaise, { kind: coupon.kind, value: coupon.value }) : 0,
  });
  // Drawn one after the other in this order, so every seeded id stays what it was.
  const orderId = random.uuid();
  const receipt = books.receipts.next(values.paidAt);
  const gatewayOrderId = gatewayId(random, 'order');
  const idempotencyKey = random.uuid().replace(/-/g, '');
  await db
    .insertInto('orders')
    .values(paidOrderRow(values, { id: orderId, price, couponId: coupon?.id ?? null, receipt, gatewayOrderId, idempotencyKey }))
    .execute();
  const paymentId = random.uuid();
  const gatewayPaymentId = gatewayId(random, 'pay');
  await db
    .insertInto('payments')
    .values({
      id: paymentId,
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
        coupon_id: coupon.id,
        order_id: orderId,
        learner_account_id: values.learnerAccountId,
        discount_paise: price.couponDiscountPaise,
        redeemed_at: values.paidAt,
      })
      .execute();
  }
  books.ledger.push({
    id: random.uuid(),
    learner_account_id: values.learnerAccountId,
    batch_student_id: values.batchStudentId,
    kind: 'payment',
    amount_paise: price.totalPaise,
    classes_delta: 0,
    order_id: orderId,
    payment_id: paymentId,
    description: `Payment ${gatewayPaymentId}, receipt ${receipt}`,
    created_at: values.paidAt,
  });
  books.orders++;
  return { orderId, paymentId, totalPaise: price.totalPaise };
}
