import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import type { PriceBreakdown } from '@kalike/shared/contracts/payments';
import type { TeacherTakeHome } from '@kalike/shared/contracts/teacher-take-home';
import { maxKalikeFeeBasisPoints } from '../../config';
import { gstRateBasisPoints, minimumOrderPaise, type CouponKind } from '@kalike/shared/domain/payment-values';

/**
 * Every amount the API charges is computed here, in integer paise, with no I/O: the services
 * read rows and this module does the arithmetic. Prices are GST inclusive.
 */

/** A referral takes this much off a new learner's first class pack… */
export const referralDiscountBasisPoints = 1000;
/** …but never more than ₹500. */
export const referralDiscountCapPaise = 50_000;

const BASIS = 10_000;

export interface GstSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/**
 * The GST inside a GST-inclusive total, CGST and SGST in two equal halves. The taxable value
 * is what gets rounded: round(total × 10000 / 11800), and when that leaves an odd paisa of
 * tax it moves one paisa towards the exact value instead, so the tax is even and its halves
 * are equal. taxable + cgst + sgst is always the total.
 */
export function gstSplit(totalPaise: number): GstSplit {
  assertPaise(totalPaise);
  const divisor = BASIS + gstRateBasisPoints.cgst + gstRateBasisPoints.sgst;
  const scaled = totalPaise * BASIS;
  // Integer rounding half up; a half never occurs for 11800, but the formula does not rely on it.
  let taxablePaise = Math.floor((scaled + divisor / 2) / divisor);
  if ((totalPaise - taxablePaise) % 2 !== 0) taxablePaise += scaled > taxablePaise * divisor ? 1 : -1;
  const half = (totalPaise - taxablePaise) / 2;
  return { taxablePaise, cgstPaise: half, sgstPaise: half };
}

/**
 * From this instant, the start of 1 December 2026 in Bengaluru, a payment's fee is rounded to the
 * nearest paisa; payments booked before it keep the fee rounded down, as their statements and
 * payouts were shown (both are recomputed from the ledger whenever they are read, so a rule
 * must never change under a payment already booked). A statement month falls under one rule.
 */
export const nearestPaisaFeeFrom = new Date('2026-11-30T18:30:00.000Z');

/**
 * Kalike's fee on one payment booked at `at`: its rate of the taxable value (the price without
 * GST: the fee is not charged on the tax), to the nearest paisa, exactly half a paisa going to the
 * teacher. Nearest, not down: rounding down made every fee a fraction short, and a month of
 * payments showed ₹799.99 of fee and ₹7,200.01 received on ₹8,000 (₹4,000 + ₹5,440 with GST);
 * to the nearest paisa the same month shows ₹800.00 and ₹7,200.00. Before `nearestPaisaFeeFrom`
 * the fee is rounded down.
 */
export function kalikeFeePaise(taxablePaise: number, feeBasisPoints: number, at: Date): number {
  assertPaise(taxablePaise);
  if (!Number.isInteger(feeBasisPoints) || feeBasisPoints < 0 || feeBasisPoints > maxKalikeFeeBasisPoints) {
    throw new RangeError(`A fee rate is 0–${maxKalikeFeeBasisPoints} basis points (got ${feeBasisPoints})`);
  }
  const scaled = taxablePaise * feeBasisPoints;
  if (at.getTime() < nearestPaisaFeeFrom.getTime()) return Math.floor(scaled / BASIS);
  // A remainder above half a paisa rounds up; exactly half stays with the teacher.
  return Math.floor((scaled + BASIS / 2 - 1) / BASIS);
}

/**
 * What a teacher receives from one payment of `pricePaise` booked at `at`: the GST on its
 * receipt (`gstSplit`), Kalike's fee on the taxable value, and the rest. The earnings statement,
 * payouts and every screen where a teacher sets a price read these figures, so they never
 * disagree; the parts always add up to the price.
 */
export function teacherTakeHome(pricePaise: number, feeBasisPoints: number, at: Date): TeacherTakeHome {
  const { taxablePaise, cgstPaise, sgstPaise } = gstSplit(pricePaise);
  const fee = kalikeFeePaise(taxablePaise, feeBasisPoints, at);
  return {
    familyPaysPaise: pricePaise,
    taxablePaise,
    cgstPaise,
    sgstPaise,
    gstPaise: cgstPaise + sgstPaise,
    kalikeFeeBasisPoints: feeBasisPoints,
    kalikeFeePaise: fee,
    teacherReceivesPaise: taxablePaise - fee,
  };
}

export interface CouponTerms {
  kind: CouponKind;
  /** Percent for `percent`, paise for `flat`. */
  value: number;
}

/** percent: floor(base × pct / 100); flat: the amount, never more than the base. */
export function couponDiscountPaise(basePaise: number, coupon: CouponTerms): number {
  assertPaise(basePaise);
  return coupon.kind === 'percent' ? Math.floor((basePaise * coupon.value) / 100) : Math.min(coupon.value, basePaise);
}

/** 10 % of the first pack's price, at most ₹500. */
export function referralDiscountPaise(basePaise: number): number {
  assertPaise(basePaise);
  return Math.min(Math.floor((basePaise * referralDiscountBasisPoints) / BASIS), referralDiscountCapPaise);
}

export interface PriceInput {
  basePaise: number;
  couponDiscountPaise?: number;
  referralDiscountPaise?: number;
  /** The learner's credit on the ledger, taken off after the discounts. */
  creditPaise?: number;
  coupon?: { code: string; description: string } | null;
  referralCode?: string | null;
}

/**
 * base − discounts − credit. Discounts never take the total under the gateway's minimum: they
 * are cut back, the coupon's first and then the referral's. Credit pays what is left: all of
 * it (total 0, nothing for a gateway to collect) or all but the minimum, never a total between.
 * The base itself must already be at least the minimum (see amountDuePaise).
 */
export function priceBreakdown(input: PriceInput): PriceBreakdown {
  const { basePaise } = input;
  assertPaise(basePaise);
  assertPaise(input.creditPaise ?? 0);
  if (basePaise < minimumOrderPaise) throw new RangeError(`A price must be at least ${minimumOrderPaise} paise`);
  const room = basePaise - minimumOrderPaise;
  const coupon = Math.min(input.couponDiscountPaise ?? 0, room);
  const referral = Math.min(input.referralDiscountPaise ?? 0, room - coupon);
  const discounted = basePaise - coupon - referral;
  const available = Math.min(input.creditPaise ?? 0, discounted);
  const credit = available === discounted || discounted - available >= minimumOrderPaise ? available : discounted - minimumOrderPaise;
  const totalPaise = discounted - credit;
  return {
    basePaise,
    couponDiscountPaise: coupon,
    referralDiscountPaise: referral,
    creditPaise: credit,
    totalPaise,
    ...gstSplit(totalPaise),
    coupon: coupon > 0 && input.coupon ? input.coupon : null,
    referralCode: referral > 0 && input.referralCode ? input.referralCode : null,
  };
}

/**
 * What to charge for something owed: the amount, raised to the ₹1 minimum when less (the
 * difference stays on the ledger as credit). Zero or less owes nothing: null.
 */
export function amountDuePaise(owedPaise: number): number | null {
  if (!Number.isInteger(owedPaise)) throw new RangeError('Amounts are integer paise');
  if (owedPaise <= 0) return null;
  return Math.max(owedPaise, minimumOrderPaise);
}

export interface PackPrice {
  classesCount: number;
  pricePaise: number;
}

/** Against paying the smallest pack's per-class price for as many classes; never negative. */
export function savingsPaise(plan: PackPrice, smallest: PackPrice): number {
  const atSmallestRate = Math.floor((smallest.pricePaise * plan.classesCount) / smallest.classesCount);
  return Math.max(0, atSmallestRate - plan.pricePaise);
}

/** The list per-class price, rounded to the paisa; what a class beyond a pack costs. */
export function perClassPaise(plan: PackPrice): number {
  return Math.round(plan.pricePaise / plan.classesCount);
}

/**
 * The unused part of a pack: unused classes at the per-class price paid for it. Computed as
 * floor(paid × unused / total), so a rounded per-class price can never credit more than was paid.
 */
export function unusedCreditPaise(pack: { paidPaise: number; classesTotal: number; classesLeft: number }): number {
  const left = Math.max(0, Math.min(pack.classesLeft, pack.classesTotal));
  return Math.floor((pack.paidPaise * left) / pack.classesTotal);
}

/** A plan change: the new plan's price less the credit; zero or less means it switches at once. */
export function changePlanDuePaise(newPlanPricePaise: number, creditPaise: number): number {
  return newPlanPricePaise - creditPaise;
}

// Dates in Bengaluru

/** A pack bought today for N days is valid through the (N−1)th day after: today counts. */
export function packValidity(paidAt: Date, validityDays: number): { validFrom: string; validUntil: string } {
  const validFrom = istDateKey(paidAt);
  return { validFrom, validUntil: addDaysToDateKey(validFrom, validityDays - 1) };
}

/** India's financial year of a moment, April to March in IST: "2026-27". */
export function financialYear(at: Date): string {
  const [year = 0, month = 1] = istDateKey(at).split('-').map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** KLK/2026-27/000123 */
export function receiptNumber(year: string, sequence: number): string {
  return `KLK/${year}/${String(sequence).padStart(6, '0')}`;
}

/**
 * CN/26-27/000123: a GST credit note's number, its own series per financial year, within the
 * 16 characters rule 53 allows (letters, digits, `-` and `/`).
 */
export function creditNoteNumber(year: string, sequence: number): string {
  return `CN/${year.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

/**
 * What of a refund goes back to the payment that paid: all of it, or what the payment has
 * left after earlier refunds; the rest comes back as credit (the part a pack was paid with credit).
 */
export function refundSplitPaise(amountPaise: number, paymentLeftPaise: number): { originalPaise: number; creditPaise: number } {
  assertPaise(amountPaise);
  const originalPaise = Math.min(amountPaise, Math.max(0, paymentLeftPaise));
  return { originalPaise, creditPaise: amountPaise - originalPaise };
}

/** The total of some amounts, each integer paise (the refunds of a removal, say). */
export function sumPaise(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => {
    assertPaise(amount);
    return total + amount;
  }, 0);
}

function assertPaise(value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`Amounts are non-negative integer paise (got ${value})`);
}
