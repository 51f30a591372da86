import type { CheckoutOrder, DiscountCodesBody } from '@kalike/shared/contracts/payments';
import { istDateKey } from '@kalike/shared/format/dates';
import type { AuthUser } from '../../../plugins/auth';
import { holdLapsed } from '../../../shared/batch-seats';
import { DomainError } from '../../../shared/domain-error';
import { orderOf, type Checkout } from '../checkout/checkout';
import { evaluateCoupon, evaluateReferral } from '../discounts/discounts.service';
import { creditOf, findPlan, planPrice } from './pack-pricing';
import { ownBatchStudent, payingLearners, placeLeft, seatHoldExpired } from './packs';
import { requirePackSlot } from './pack-queue';

export interface PackPurchaseDeps {
  checkout: Checkout;
}

/** A family buys a class pack for a batch student, through the checkout. */
export function createPackPurchase({ checkout }: PackPurchaseDeps) {
  return {
    async checkout(
      user: AuthUser,
      key: string | string[] | undefined,
      params: { batchStudentId: string; classPackPlanId: string },
      body: DiscountCodesBody,
    ): Promise<{ statusCode: 200 | 201; body: CheckoutOrder }> {
      const learnerAccountId = payingLearners.idOf(user);
      const purchase = await checkout.buy({
        learnerAccountId,
        key,
        request: { call: 'class_pack', ...params, ...body },
        decide: async (tx, at) => {
          const row = await ownBatchStudent(tx, learnerAccountId, params.batchStudentId);
          if (row.status === 'left') throw placeLeft();
          await tx.places.lock(row.id);
          await tx.batches.requireNotEnded(row.batch_id, at);
          // A seat held unpaid: gone once its deadline passed, else kept while this order can be paid.
          if (holdLapsed(row, at)) throw seatHoldExpired();
          await tx.places.keepHoldForCheckout(row.id, at);
          const plan = findPlan(await tx.batches.findPlans(row.batch_id), params.classPackPlanId);
          const today = istDateKey(at);
          // Bought while a pack is in use, it waits behind it; the same limit as every other way of buying.
          requirePackSlot(await tx.packs.findOf(row.id), today, row.student_name ?? row.learner_name);
          // The order written below reserves the coupon's use under the lock taken here.
          const coupon = body.couponCode
            ? await evaluateCoupon(tx, { learnerAccountId, code: body.couponCode, basePaise: plan.price_paise, at, batchStudentId: row.id }, { reserve: true })
            : null;
          if (coupon && !coupon.valid) throw new DomainError('COUPON_INVALID', coupon.message, 422);
          const referral = body.referralCode ? await evaluateReferral(tx, { learnerAccountId, code: body.referralCode, at, batchStudentId: row.id }) : null;
          if (referral && !referral.referral) throw new DomainError('REFERRAL_INVALID', referral.check.message, 422);
          // Credit on the ledger pays first; when it pays it all, the checkout settles on the ledger without a gateway.
          const price = planPrice(plan, coupon, referral, await creditOf(tx, row.id));
          return {
            purpose: 'class_pack',
            batchStudentId: row.id,
            studentId: row.student_id,
            price,
            description: `${plan.name} for ${row.student_name ?? row.learner_name} with ${row.teacher_name}${price.totalPaise === 0 ? ', paid from credit' : ''}`,
            couponId: coupon?.valid ? coupon.coupon.id : null,
            referralCodeId: referral?.referral?.id ?? null,
            pack: { classPackPlanId: plan.id, classesTotal: plan.classes_count, pricePaise: plan.price_paise, validityDays: plan.validity_days },
            supersedes: { purposes: ['class_pack', 'change_plan'], batchStudentId: row.id },
          };
        },
      });
      return { statusCode: purchase.statusCode, body: orderOf(purchase) };
    },
  };
}
