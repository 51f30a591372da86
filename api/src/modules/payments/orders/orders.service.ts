import { istDateKey } from '@kalike/shared/format/dates';
import type { CheckoutOrder, OrderStatusResponse, PriceBreakdown, Receipt, VerifyPaymentBody } from '@kalike/shared/contracts/payments';
import type { InvoiceSupplier } from '../../../config';
import type { AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import type { PaymentGatewayAdapter } from '../gateway/payment-gateway';
import { payingLearners, toBatchStudentPlan } from '../class-packs/packs';
import { receiptPdfPath, taxInvoiceOf } from '../receipts/tax-invoice';
import { renderReceiptPdf } from '../receipts/receipt-pdf';
import type { PaymentsRepository } from '../payments.repository';
import type { HeldReason, Settlement } from '../settlement/settlement';
import { CREATING_ORDER_STALE_MS, NOT_YET_OPENED, ORDER_GRACE_MS, expiredEarly, orderStatusAt } from './order-rules';
import type { OrderViewRow } from './orders.repository';

const EXPIRY_BATCH = 500;

export interface OrdersServiceDeps {
  repository: PaymentsRepository;
  gateway: PaymentGatewayAdapter;
  /** Books the payment verify brings back. */
  settlement: Settlement;
  now: () => Date;
  /** Who issues the receipts (tax invoices). */
  supplier: InvoiceSupplier;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** Why a genuine payment did not pay its order, each with its own code; the money is on the ledger as credit. */
function heldPaymentError(reason: HeldReason): DomainError {
  switch (reason) {
    case 'expired':
      return new DomainError('ORDER_EXPIRED', 'The order had expired before this payment arrived; the amount is kept as credit on your account', 409);
    case 'already_paid':
      return new DomainError('ORDER_ALREADY_PAID', 'The order was already paid by another payment; this amount is kept as credit on your account', 409);
    case 'amount_mismatch':
      return new DomainError(
        'PAYMENT_AMOUNT_MISMATCH',
        "The amount paid differs from the order's total, so it did not pay for the order; the amount is kept as credit on your account",
        409,
      );
    case 'coupon_used_up':
      return new DomainError(
        'COUPON_USED_UP',
        "The order's coupon was used up before this payment arrived, so it did not pay for the order; the amount is kept as credit on your account",
        409,
      );
  }
}

export const orderNotFound = () => new DomainError('ORDER_NOT_FOUND', 'No such order on your account', 404);

function priceOf(row: OrderViewRow): PriceBreakdown {
  return {
    basePaise: row.base_paise,
    couponDiscountPaise: row.coupon_discount_paise,
    referralDiscountPaise: row.referral_discount_paise,
    creditPaise: row.credit_paise,
    totalPaise: row.total_paise,
    taxablePaise: row.taxable_paise,
    cgstPaise: row.cgst_paise,
    sgstPaise: row.sgst_paise,
    coupon: row.coupon_code ? { code: row.coupon_code, description: row.coupon_description ?? '' } : null,
    referralCode: row.referral_code_id ? row.referral_code : null,
  };
}

/** An order as the browser opens it with the gateway. */
export function toCheckoutOrder(gateway: PaymentGatewayAdapter, row: OrderViewRow, at: Date): CheckoutOrder {
  // An order whose gateway order was never opened has nothing to pay.
  let live = row.gateway === gateway.name && !row.gateway_order_id.startsWith(NOT_YET_OPENED);
  // Paid from credit on the ledger: there is no gateway to open.
  if (row.gateway === 'ledger') live = false;
  return {
    orderId: row.id,
    purpose: row.purpose,
    status: orderStatusAt(row, at),
    gateway: row.gateway,
    gatewayOrderId: row.gateway_order_id,
    keyId: live ? gateway.keyId : row.gateway === 'sandbox' || row.gateway === 'ledger' ? row.gateway : '',
    amountPaise: row.total_paise,
    currency: 'INR',
    price: priceOf(row),
    description: row.description,
    checkoutUrl: live ? gateway.checkoutUrl(row.gateway_order_id) : null,
    expiresAt: iso(row.expires_at),
    expiredEarly: expiredEarly(row),
  };
}

/** A paid order's receipt: a tax invoice naming the student the money was for. */
async function receiptOf({ repository, supplier }: Pick<OrdersServiceDeps, 'repository' | 'supplier'>, row: OrderViewRow, at: Date): Promise<Receipt | null> {
  if (row.status !== 'paid' || !row.receipt_number || !row.paid_at) return null;
  const [payment, batchStudent, pack] = await Promise.all([
    repository.orders.findCapturedPayment(row.id),
    row.batch_student_id ? repository.places.find(row.batch_student_id) : undefined,
    row.batch_student_plan_id ? repository.packs.find(row.batch_student_plan_id) : undefined,
  ]);
  const link = row.payment_link_id ? await repository.links.find(row.payment_link_id) : undefined;
  const request = row.payment_request_id ? await repository.requests.find(row.payment_request_id) : undefined;
  const price = priceOf(row);
  return {
    receiptNumber: row.receipt_number,
    orderId: row.id,
    paymentId: payment?.gateway_payment_id ?? '',
    paidAt: iso(row.paid_at),
    purpose: row.purpose,
    description: row.description,
    payerName: row.payer_name,
    teacherName: batchStudent?.teacher_name ?? link?.teacher_name ?? request?.teacher_name ?? null,
    // The student the money was for: the batch student's own name, else the one the request names.
    studentName: batchStudent ? (batchStudent.student_name ?? batchStudent.learner_name) : (request?.student_name ?? null),
    price,
    batchStudentId: row.batch_student_id,
    classPack: pack ? toBatchStudentPlan(pack, istDateKey(at)) : null,
    invoice: taxInvoiceOf(supplier, { invoiceNumber: row.receipt_number, paidAt: new Date(row.paid_at), price }),
    pdfPath: row.receipt_token ? receiptPdfPath(row.receipt_token) : null,
  };
}

/**
 * An order as the learner sees it: its status, its receipt and the receipt's PDF, the browser's
 * verify after checkout, and the sweep that stores lapsed orders as expired.
 */
export function createOrdersService({ repository, gateway, settlement, now, supplier }: OrdersServiceDeps) {
  async function orderStatus(orderId: string): Promise<OrderStatusResponse> {
    const at = now();
    const row = await repository.orders.findView(orderId);
    if (!row) throw orderNotFound();
    return {
      order: toCheckoutOrder(gateway, row, at),
      lastOutcome: row.last_outcome,
      failureReason: row.failure_reason,
      receipt: await receiptOf({ repository, supplier }, row, at),
    };
  }

  async function checkoutOrder(orderId: string): Promise<CheckoutOrder> {
    const row = await repository.orders.findView(orderId);
    if (!row) throw orderNotFound();
    return toCheckoutOrder(gateway, row, now());
  }

  return {
    checkoutOrder,
    orderStatus,

    /** The PDF of a paid order's receipt: to its owner, or to whoever holds the link texted with it. */
    async receiptPdf(access: { user: AuthUser; orderId: string } | { token: string }): Promise<{ fileName: string; pdf: Buffer }> {
      const row = 'token' in access ? await repository.orders.findViewByReceiptToken(access.token) : await repository.orders.findView(access.orderId);
      if (!row || ('user' in access && row.learner_account_id !== payingLearners.idOf(access.user))) throw orderNotFound();
      const receipt = await receiptOf({ repository, supplier }, row, now());
      if (!receipt) throw new DomainError('RECEIPT_NOT_READY', 'This order is not paid yet, so it has no receipt', 409);
      return { fileName: `${receipt.receiptNumber.replaceAll('/', '-')}.pdf`, pdf: await renderReceiptPdf(receipt) };
    },

    async getOrder(user: AuthUser, orderId: string): Promise<OrderStatusResponse> {
      const learnerAccountId = payingLearners.idOf(user);
      const row = await repository.orders.findView(orderId);
      if (!row || row.learner_account_id !== learnerAccountId) throw orderNotFound();
      return orderStatus(orderId);
    },

    /**
     * The browser's word that checkout succeeded. The signature is checked against the gateway
     * order id WE stored for the order the learner owns, never one taken from the request alone.
     */
    async verify(user: AuthUser, body: VerifyPaymentBody): Promise<OrderStatusResponse> {
      const learnerAccountId = payingLearners.idOf(user);
      const row = await repository.orders.findViewByGatewayId(gateway.name, body.razorpay_order_id);
      if (!row || row.learner_account_id !== learnerAccountId) throw orderNotFound();
      const valid = gateway.verifyPaymentSignature({
        gatewayOrderId: row.gateway_order_id,
        gatewayPaymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      });
      if (!valid) throw new DomainError('SIGNATURE_INVALID', 'The payment signature does not match this order; nothing was recorded', 400);
      const outcome = await repository.transaction((tx) =>
        settlement.creditPayment(tx, {
          gateway: row.gateway,
          gatewayOrderId: row.gateway_order_id,
          gatewayPaymentId: body.razorpay_payment_id,
          source: 'verify',
        }),
      );
      if (outcome.kind === 'unknown_order') throw new DomainError('SIGNATURE_INVALID', 'That payment belongs to another order', 400);
      if (outcome.kind === 'held') throw heldPaymentError(outcome.reason);
      return orderStatus(outcome.orderId);
    },

    /** Stores lapsed orders as expired (their pending packs too); reads derive it either way. */
    async expireLapsed(at: Date, learnerAccountId?: string): Promise<number> {
      return repository.transaction(async (tx) => {
        const lapsed = await tx.orders.lockLapsed(
          new Date(at.getTime() - ORDER_GRACE_MS),
          new Date(at.getTime() - CREATING_ORDER_STALE_MS),
          learnerAccountId,
          EXPIRY_BATCH,
        );
        await tx.orders.expire(
          lapsed.map((row) => row.id),
          at,
        );
        await tx.packs.expirePending(
          lapsed.flatMap((row) => (row.batch_student_plan_id ? [row.batch_student_plan_id] : [])),
          at,
        );
        return lapsed.length;
      });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
