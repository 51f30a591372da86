import type {
  BatchStudentPlan,
  BatchStudentSummary,
  CheckoutOrder,
  ClassPackOptions,
  OrderStatusResponse,
  PlanOption,
  PriceBreakdown,
  Receipt,
} from '@kalike/shared/contracts/payments';
import type { EnquiryBatch } from '@kalike/shared/contracts/enquiries';
import { idempotencyKeyHeader } from '@kalike/shared/domain/enquiry-lifecycle';
import { sampleEnquiryBatch } from '@kalike/shared/testing/enquiry-batch-fixture';
import { sampleTaxInvoice } from '@kalike/shared/testing/tax-invoice-fixture';

/** A deterministic UUID from a small number, so fixtures read clearly in failures. */
export const uuid = (n: number) => `7a2d3c9f-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const batchStudentId = uuid(1);
export const orderId = uuid(500);

export function batch(overrides: Partial<EnquiryBatch> = {}): EnquiryBatch {
  return sampleEnquiryBatch({ id: uuid(700), ...overrides });
}

export function batchStudent(overrides: Partial<BatchStudentSummary> = {}): BatchStudentSummary {
  return {
    id: batchStudentId,
    status: 'enrolled',
    studentName: 'Saanvi',
    learnerName: 'Asha Rao',
    teacher: { id: uuid(100), name: 'Kiran Rao', slug: 'kiran-rao-1' },
    batch: batch(),
    ...overrides,
  };
}

export function plan(n: 1 | 2 | 3, overrides: Partial<PlanOption> = {}): PlanOption {
  const plans: Record<1 | 2 | 3, PlanOption> = {
    1: {
      id: uuid(801),
      name: '8 classes',
      classesCount: 8,
      pricePaise: 320_000,
      pricePerClassPaise: 40_000,
      validityDays: 45,
      savingsPaise: 0,
      referralDiscountPaise: 0,
      price: fullPrice(),
    },
    // 864000 / 1.18 = 732203.39: 732203 leaves an odd tax, so 732204; 1632000 / 1.18 = 1383050.85: 1383051 is odd too, so 1383050.
    2: {
      id: uuid(802),
      name: '24 classes',
      classesCount: 24,
      pricePaise: 864_000,
      pricePerClassPaise: 36_000,
      validityDays: 120,
      savingsPaise: 96_000,
      referralDiscountPaise: 0,
      price: price({
        basePaise: 864_000,
        couponDiscountPaise: 0,
        coupon: null,
        totalPaise: 864_000,
        taxablePaise: 732_204,
        cgstPaise: 65_898,
        sgstPaise: 65_898,
      }),
    },
    3: {
      id: uuid(803),
      name: '48 classes',
      classesCount: 48,
      pricePaise: 1_632_000,
      pricePerClassPaise: 34_000,
      validityDays: 200,
      savingsPaise: 288_000,
      referralDiscountPaise: 0,
      price: price({
        basePaise: 1_632_000,
        couponDiscountPaise: 0,
        coupon: null,
        totalPaise: 1_632_000,
        taxablePaise: 1_383_050,
        cgstPaise: 124_475,
        sgstPaise: 124_475,
      }),
    },
  };
  return { ...plans[n], ...overrides };
}

export function classPackOptions(overrides: Partial<ClassPackOptions> = {}): ClassPackOptions {
  return {
    batchStudent: batchStudent(),
    currentPlan: null,
    plans: [plan(1), plan(2)],
    referral: null,
    creditPaise: 0,
    queuedPlans: [],
    nextPack: { allowed: true, startsOn: '2026-11-26', message: null },
    planChange: { allowed: true, message: null },
    ...overrides,
  };
}

/** ₹3,200 less a ₹320 coupon: ₹2,880, of which ₹2,440.68 taxable and ₹219.66 each CGST and SGST. */
export function price(overrides: Partial<PriceBreakdown> = {}): PriceBreakdown {
  return {
    basePaise: 320_000,
    couponDiscountPaise: 32_000,
    referralDiscountPaise: 0,
    creditPaise: 0,
    totalPaise: 288_000,
    taxablePaise: 244_068,
    cgstPaise: 21_966,
    sgstPaise: 21_966,
    coupon: { code: 'WELCOME10', description: '10% off your first pack' },
    referralCode: null,
    ...overrides,
  };
}

/** The full price of plan 1 with no discounts. */
export const fullPrice = () =>
  price({ couponDiscountPaise: 0, totalPaise: 320_000, taxablePaise: 271_186, cgstPaise: 24_407, sgstPaise: 24_407, coupon: null });

export function checkoutOrder(overrides: Partial<CheckoutOrder> = {}): CheckoutOrder {
  return {
    orderId,
    purpose: 'class_pack',
    status: 'created',
    gateway: 'sandbox',
    gatewayOrderId: 'order_SBX0001',
    keyId: 'sandbox',
    amountPaise: 320_000,
    currency: 'INR',
    price: fullPrice(),
    description: '8 classes of Chess for beginners',
    checkoutUrl: '/v1/payments/sandbox/checkout/order_SBX0001',
    expiresAt: '2026-11-22T10:30:00.000Z',
    expiredEarly: false,
    ...overrides,
  };
}

export function classPack(overrides: Partial<BatchStudentPlan> = {}): BatchStudentPlan {
  const { savingsPaise: _s, referralDiscountPaise: _r, price: _p, ...planFields } = plan(1);
  return {
    id: uuid(900),
    plan: planFields,
    status: 'active',
    classesTotal: 8,
    classesUsed: 0,
    classesLeft: 8,
    validFrom: '2026-11-22',
    validUntil: '2027-01-06',
    paidPaise: 320_000,
    ...overrides,
  };
}

export function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    receiptNumber: 'KLK/2026-27/000123',
    orderId,
    paymentId: 'pay_SBX0001',
    paidAt: '2026-11-22T10:05:00.000Z',
    purpose: 'class_pack',
    description: '8 classes of Chess for beginners',
    payerName: 'Asha Rao',
    teacherName: 'Kiran Rao',
    studentName: 'Saanvi',
    price: fullPrice(),
    batchStudentId,
    classPack: classPack(),
    invoice: sampleTaxInvoice(),
    pdfPath: '/v1/payments/receipts/AbCdEfGhIjKlMnOpQrStUvWxYz012345.pdf',
    ...overrides,
  };
}

export function orderStatus(overrides: Partial<OrderStatusResponse> = {}, order: Partial<CheckoutOrder> = {}): OrderStatusResponse {
  return { order: checkoutOrder(order), lastOutcome: null, failureReason: null, receipt: null, ...overrides };
}

export function paidOrder(order: Partial<CheckoutOrder> = {}, receiptOverrides: Partial<Receipt> = {}): OrderStatusResponse {
  return orderStatus({ lastOutcome: 'success', receipt: receipt(receiptOverrides) }, { status: 'paid', ...order });
}

/** The gateway's success answer, as the sandbox appends it to the return URL. */
export const gatewaySuccess = {
  razorpay_order_id: 'order_SBX0001',
  razorpay_payment_id: 'pay_SBX0001',
  razorpay_signature: 'a1b2c3d4e5f6',
};

export const idempotencyKeyOf = (request: Request) => request.headers.get(idempotencyKeyHeader);

/** Options with a pack in use (3 of 8 left) and the next one paid and waiting from 7 Jan 2027. */
export function optionsWithWaitingPack(overrides: Partial<ClassPackOptions> = {}): ClassPackOptions {
  return classPackOptions({
    currentPlan: classPack({ classesLeft: 3, classesUsed: 5 }),
    queuedPlans: [classPack({ classesLeft: 8, classesUsed: 0, validFrom: '2027-01-07', validUntil: '2027-02-10' })],
    ...overrides,
  });
}
