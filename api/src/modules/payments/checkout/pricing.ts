import type { PriceBreakdown } from '@kalike/shared/contracts/payments';
import { minimumOrderPaise } from '@kalike/shared/domain/payment-values';
import { DomainError } from '../../../shared/domain-error';
import { amountDuePaise, priceBreakdown } from '../money';

/**
 * What each kind of checkout charges, from numbers the caller has already read: no I/O, so
 * every price a learner is shown or charged can be tested on its own. The arithmetic (discount
 * limits, credit, GST) is money.ts's; this chooses what goes into it.
 */

export interface DiscountInput {
  coupon: { discountPaise: number; code: string; description: string } | null;
  referral: { discountPaise: number; code: string } | null;
}

/** A class pack at its list price, less a valid coupon and referral, then the learner's credit. */
export function classPackPrice(pricePaise: number, discounts: DiscountInput, creditPaise = 0): PriceBreakdown {
  if (pricePaise <= 0) throw new DomainError('NOTHING_TO_PAY', 'This class pack is free; there is nothing to pay', 409);
  return priceBreakdown({
    basePaise: pricePaise,
    creditPaise,
    couponDiscountPaise: discounts.coupon?.discountPaise ?? 0,
    coupon: discounts.coupon ? { code: discounts.coupon.code, description: discounts.coupon.description } : null,
    referralDiscountPaise: discounts.referral?.discountPaise ?? 0,
    referralCode: discounts.referral?.code ?? null,
  });
}

/** Nothing to charge: a switch paid entirely from credit, or a free pack. */
export function freePrice(): PriceBreakdown {
  return {
    basePaise: 0,
    couponDiscountPaise: 0,
    referralDiscountPaise: 0,
    creditPaise: 0,
    totalPaise: 0,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    coupon: null,
    referralCode: null,
  };
}

/**
 * A change of plan: the new pack's price less the unused part of the pack in use and any
 * credit already on the ledger. A pack under the gateway's minimum switches for nothing.
 */
export function planChangePrice(newPlanPricePaise: number, packCreditPaise: number, ledgerCreditPaise: number): PriceBreakdown {
  return newPlanPricePaise >= minimumOrderPaise
    ? priceBreakdown({ basePaise: newPlanPricePaise, creditPaise: packCreditPaise + ledgerCreditPaise })
    : freePrice();
}

/** A balance owed on the ledger, raised to the gateway's minimum; null when nothing is owed. */
export function balancePrice(owedPaise: number): PriceBreakdown | null {
  const due = amountDuePaise(owedPaise);
  return due === null ? null : priceBreakdown({ basePaise: due });
}

/** A fixed amount a teacher asked for (a payment link or request): no discounts, no credit. */
export function fixedPrice(amountPaise: number): PriceBreakdown {
  return priceBreakdown({ basePaise: amountPaise });
}
