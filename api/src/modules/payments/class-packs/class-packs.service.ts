import { formatPaise } from '@kalike/shared/format/money';
import type {
  BatchStudentPlan,
  BatchStudentSummary,
  ChangePlanBody,
  ChangePlanResult,
  CheckoutOrder,
  ClassPackOptions,
  CouponQuote,
  DiscountCodesBody,
  PriceBreakdown,
  ValidateCouponBody,
} from '@kalike/shared/contracts/payments';
import type { AuthUser } from '../../../plugins/auth';
import { canonicalHash } from '../../../shared/canonical-hash';
import { toClassPackPlan, type ClassPackPlanRow } from '../../../shared/class-pack-plans';
import { DomainError } from '../../../shared/domain-error';
import { toEnquiryBatch } from '../../../shared/enquiry-batches';
import { holdLapsed } from '../../../shared/batch-seats';
import { formatTime, istDateKey } from '@kalike/shared/format/dates';
import type { ClassLinkWithheldReason } from '@kalike/shared/domain/batch-student-lifecycle';
import { classPackTransitions } from '@kalike/shared/domain/class-pack-lifecycle';
import { evaluateCoupon, evaluateReferral, referralDiscountFor, type CouponVerdict, type ReferralVerdict } from '../discounts/discounts.service';
import { packValidity, savingsPaise } from '../money';
import { replayCheckout, type Checkout } from '../checkout/checkout';
import { classPackPrice, freePrice, planChangePrice } from '../checkout/pricing';
import { postLedgerEvent } from '../ledger/ledger-postings';
import type { OrdersService } from '../orders/orders.service';
import { replacePack } from './pack-moves';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import type { BatchStudentRow, PackRow } from './class-packs.repository';
import {
  activePack,
  batchStudentNotFound,
  creditForPack,
  currentPack,
  isUsable,
  ownBatchStudent,
  planNotFound,
  payingLearners,
  seatHoldExpired,
  toBatchStudentPlan,
  toBatchStudentSummary,
} from './packs';

/** Whether a batch student may have the class link, and if not, why (a sentence for the learner). */
export type ClassAccess = { allowed: true } | { allowed: false; reason: ClassLinkWithheldReason; message: string };

export interface ClassPacksServiceDeps {
  repository: PaymentsRepository;
  checkout: Checkout;
  orders: OrdersService;
  now: () => Date;
}

/** The discounts' verdicts as the pricing reads them: a coupon only when valid, a referral only when it applies. */
function planPrice(plan: ClassPackPlanRow, coupon: CouponVerdict | null, referral: ReferralVerdict | null, creditPaise = 0): PriceBreakdown {
  return classPackPrice(
    plan.price_paise,
    {
      coupon: coupon?.valid ? { discountPaise: coupon.discountPaise, code: coupon.coupon.code, description: coupon.coupon.description } : null,
      referral: referral?.referral ? { discountPaise: referralDiscountFor(referral, plan.price_paise), code: referral.referral.code } : null,
    },
    creditPaise,
  );
}

/** What a batch student has in credit on the ledger; it pays towards their next pack. */
async function creditOf(reader: Pick<PaymentsQueries, 'balanceOf'>, batchStudentId: string): Promise<number> {
  return Math.max(0, await reader.balanceOf(batchStudentId));
}

export function createClassPacksService({ repository, checkout, orders, now }: ClassPacksServiceDeps) {
  async function summaryOf(row: BatchStudentRow): Promise<{ summary: BatchStudentSummary; plans: ClassPackPlanRow[] }> {
    const [batches, plans] = await Promise.all([repository.findBatches([row.batch_id]), repository.findPlansOfBatch(row.batch_id)]);
    const [batch] = batches;
    if (!batch) throw batchStudentNotFound();
    return { summary: toBatchStudentSummary(row, toEnquiryBatch(batch, plans)), plans };
  }

  function findPlan(plans: readonly ClassPackPlanRow[], planId: string, field?: string): ClassPackPlanRow {
    const plan = plans.find((candidate) => candidate.id === planId);
    if (!plan) throw planNotFound(field);
    return plan;
  }

  return {
    /**
     * Who may have a batch's class link: a student with a pack in use (classes left, within its
     * validity) or one the teacher admitted (enrolled from the teacher's batch offer). Anyone
     * else, a seat held unpaid or a pack used up or lapsed, gets the reason instead.
     */
    async classAccess(batchStudentIds: readonly string[]): Promise<Map<string, ClassAccess>> {
      const at = now();
      const today = istDateKey(at);
      const access = new Map<string, ClassAccess>();
      for (const id of batchStudentIds) {
        const [row, packs] = await Promise.all([repository.findBatchStudent(id), repository.findPacks(id)]);
        if (!row) continue;
        const admitted = row.enquiry_id !== null && (row.status === 'enrolled' || row.status === 'active');
        if (admitted || ((row.status === 'active' || row.status === 'enrolled') && packs.some((pack) => isUsable(pack, today)))) {
          access.set(id, { allowed: true });
        } else if (row.status === 'held' && row.hold_expires_at && !holdLapsed(row, at)) {
          access.set(id, {
            allowed: false,
            reason: 'seat_held_unpaid',
            message: `Your seat is held until ${formatTime(new Date(row.hold_expires_at))} while you pay. The class link appears here once a class pack is paid.`,
          });
        } else {
          access.set(id, {
            allowed: false,
            reason: 'no_usable_pack',
            message: 'The class link appears here while you have a class pack with classes left. Buy or renew a pack to join online.',
          });
        }
      }
      return access;
    },

    async options(user: AuthUser, batchStudentId: string, referralCode: string | undefined): Promise<ClassPackOptions> {
      const learnerAccountId = payingLearners.idOf(user);
      const row = await ownBatchStudent(repository, learnerAccountId, batchStudentId);
      const at = now();
      const today = istDateKey(at);
      const [{ summary, plans }, packs, creditPaise] = await Promise.all([summaryOf(row), repository.findPacks(row.id), creditOf(repository, row.id)]);
      const referral = referralCode?.trim() ? await evaluateReferral(repository, { learnerAccountId, code: referralCode, at, batchStudentId: row.id }) : null;
      const [smallest] = plans;
      const current = currentPack(packs, today);
      return {
        batchStudent: summary,
        currentPlan: current ? toBatchStudentPlan(current, today) : null,
        plans: plans.map((plan) => ({
          ...toClassPackPlan(plan),
          savingsPaise: smallest
            ? savingsPaise(
                { classesCount: plan.classes_count, pricePaise: plan.price_paise },
                { classesCount: smallest.classes_count, pricePaise: smallest.price_paise },
              )
            : 0,
          referralDiscountPaise: referral && plan.price_paise > 0 ? planPrice(plan, null, referral).referralDiscountPaise : 0,
          // What checkout will charge without a coupon: after the referral and the credit.
          price: plan.price_paise > 0 ? planPrice(plan, null, referral, creditPaise) : freePrice(),
        })),
        referral: referral?.check ?? null,
        creditPaise,
      };
    },

    /** A quote, not a reservation: the checkout checks the coupon again when it makes the order. */
    async validateCoupon(user: AuthUser, batchStudentId: string, body: ValidateCouponBody): Promise<CouponQuote> {
      const learnerAccountId = payingLearners.idOf(user);
      if (body.batchStudentId !== batchStudentId) {
        throw new DomainError('VALIDATION_ERROR', 'body.batchStudentId must be the batch student in the path', 400);
      }
      const row = await ownBatchStudent(repository, learnerAccountId, batchStudentId);
      const plan = findPlan(await repository.findPlansOfBatch(row.batch_id), body.classPackPlanId, 'body.classPackPlanId');
      const at = now();
      const coupon = await evaluateCoupon(repository, { learnerAccountId, code: body.couponCode, basePaise: plan.price_paise, at, batchStudentId: row.id });
      const referral = body.referralCode ? await evaluateReferral(repository, { learnerAccountId, code: body.referralCode, at, batchStudentId: row.id }) : null;
      return { valid: coupon.valid, message: coupon.message, price: planPrice(plan, coupon, referral, await creditOf(repository, row.id)) };
    },

    async checkout(
      user: AuthUser,
      key: string | string[] | undefined,
      params: { batchStudentId: string; classPackPlanId: string },
      body: DiscountCodesBody,
    ): Promise<{ statusCode: 200 | 201; body: CheckoutOrder }> {
      const learnerAccountId = payingLearners.idOf(user);
      const requestHash = canonicalHash({ call: 'class_pack', ...params, ...body });
      const { statusCode, orderId } = await checkout.withIdempotencyKey<{ statusCode: 200 | 201; orderId: string }>(learnerAccountId, key, requestHash, {
        replay: replayCheckout,
        fresh: async (tx, at, idempotencyKey) => {
          const row = await ownBatchStudent(tx, learnerAccountId, params.batchStudentId);
          if (row.status === 'left') throw new DomainError('INVALID_TRANSITION', 'This student has left the batch; there is nothing to buy', 409);
          await tx.lockBatchStudent(row.id);
          // A seat held unpaid: gone once its deadline passed, else kept while this order can be paid.
          if (holdLapsed(row, at)) throw seatHoldExpired();
          await tx.keepHoldForCheckout(row.id, at);
          const plan = findPlan(await tx.findPlansOfBatch(row.batch_id), params.classPackPlanId);
          const today = istDateKey(at);
          const inUse = (await tx.findPacks(row.id)).find((pack) => isUsable(pack, today));
          if (inUse) {
            throw new DomainError(
              'INVALID_TRANSITION',
              `The current pack still has ${inUse.classes_left} classes until ${inUse.valid_until}; change plan instead of buying another`,
              409,
            );
          }
          // The order written below reserves the coupon's use under the lock taken here.
          const coupon = body.couponCode
            ? await evaluateCoupon(tx, { learnerAccountId, code: body.couponCode, basePaise: plan.price_paise, at, batchStudentId: row.id }, { reserve: true })
            : null;
          if (coupon && !coupon.valid) throw new DomainError('COUPON_INVALID', coupon.message, 422);
          const referral = body.referralCode ? await evaluateReferral(tx, { learnerAccountId, code: body.referralCode, at, batchStudentId: row.id }) : null;
          if (referral && !referral.referral) throw new DomainError('REFERRAL_INVALID', referral.check.message, 422);
          // Credit on the ledger pays first; when it pays it all, placeOrder settles on the ledger without a gateway.
          const price = planPrice(plan, coupon, referral, await creditOf(tx, row.id));
          const orderId = await checkout.placeOrder(
            tx,
            learnerAccountId,
            idempotencyKey,
            requestHash,
            {
              purpose: 'class_pack',
              batchStudentId: row.id,
              price,
              description: `${plan.name} for ${row.student_name ?? row.learner_name} with ${row.teacher_name}${price.totalPaise === 0 ? ', paid from credit' : ''}`,
              couponId: coupon?.valid ? coupon.coupon.id : null,
              referralCodeId: referral?.referral?.id ?? null,
              pack: { classPackPlanId: plan.id, classesTotal: plan.classes_count, pricePaise: plan.price_paise, validityDays: plan.validity_days },
              supersedes: { purposes: ['class_pack', 'change_plan'], batchStudentId: row.id },
            },
            at,
          );
          return { statusCode: 201, orderId };
        },
      });
      return { statusCode, body: await orders.checkoutOrder(orderId) };
    },

    async balance(user: AuthUser, batchStudentId: string, packId: string): Promise<BatchStudentPlan> {
      const learnerAccountId = payingLearners.idOf(user);
      const row = await ownBatchStudent(repository, learnerAccountId, batchStudentId);
      const pack = await repository.findPack(packId);
      if (!pack || pack.batch_student_id !== row.id) throw new DomainError('PLAN_NOT_FOUND', 'No such class pack for this batch student', 404);
      return toBatchStudentPlan(pack, istDateKey(now()));
    },

    /**
     * Switches to another pack of the same batch. The unused classes of the current pack are
     * credited at the per-class price paid for it; what is left to pay becomes an order, and a
     * credit that covers the new pack switches at once, keeping any excess as credit.
     */
    async changePlan(user: AuthUser, key: string | string[] | undefined, batchStudentId: string, body: ChangePlanBody): Promise<ChangePlanResult> {
      const learnerAccountId = payingLearners.idOf(user);

      const decide = async (tx: Pick<PaymentsQueries, 'findBatchStudent' | 'findPlansOfBatch' | 'findPacks' | 'balanceOf'>, at: Date) => {
        const row = await ownBatchStudent(tx, learnerAccountId, batchStudentId);
        const plan = findPlan(await tx.findPlansOfBatch(row.batch_id), body.batchStudentClasspackPlanID, 'body.batchStudentClasspackPlanID');
        const current = activePack(await tx.findPacks(row.id));
        if (!current) throw new DomainError('INVALID_TRANSITION', 'There is no class pack in use to change; buy a pack instead', 409);
        if (current.class_pack_plan_id === plan.id && isUsable(current, istDateKey(at))) {
          throw new DomainError('INVALID_TRANSITION', `You are already on ${plan.name}`, 409);
        }
        const { creditPaise } = creditForPack(current, istDateKey(at));
        // Credit already on the ledger pays towards the new pack too.
        const ledgerCredit = await creditOf(tx, row.id);
        const price = planChangePrice(plan.price_paise, creditPaise, ledgerCredit);
        return { row, plan, current, creditPaise, price };
      };

      if (body.preview) {
        const { plan, creditPaise, price } = await decide(repository, now());
        return { creditPaise, newPlan: toClassPackPlan(plan), price, order: null, classPack: null };
      }

      const requestHash = canonicalHash({ call: 'change_plan', batchStudentId, planId: body.batchStudentClasspackPlanID });
      const result = await checkout.withIdempotencyKey<{ orderId: string | null; packId: string | null }>(learnerAccountId, key, requestHash, {
        replay: (found) => ({ orderId: found.order?.id ?? null, packId: found.pack?.id ?? null }),
        fresh: async (tx, at, idempotencyKey) => {
          const { row, plan, current, price, creditPaise } = await decide(tx, at);
          await tx.lockBatchStudent(row.id);
          if (price.totalPaise > 0) {
            const orderId = await checkout.placeOrder(
              tx,
              learnerAccountId,
              idempotencyKey,
              requestHash,
              {
                purpose: 'change_plan',
                batchStudentId: row.id,
                price,
                previousPlanId: current.id,
                description: `Change to ${plan.name} for ${row.student_name ?? row.learner_name} with ${row.teacher_name} (credit ${formatPaise(creditPaise)})`,
                pack: { classPackPlanId: plan.id, classesTotal: plan.classes_count, pricePaise: plan.price_paise, validityDays: plan.validity_days },
                supersedes: { purposes: ['class_pack', 'change_plan'], batchStudentId: row.id },
              },
              at,
            );
            return { orderId, packId: null };
          }
          // The credit covers the new pack: switch now, with the excess left as credit.
          const replaced = await replacePack(tx, current, at);
          const { validFrom, validUntil } = packValidity(at, plan.validity_days);
          const packId = await tx.insertPack({
            batchStudentId: row.id,
            classPackPlanId: plan.id,
            classesTotal: plan.classes_count,
            pricePaise: plan.price_paise,
            validityDays: plan.validity_days,
            status: classPackTransitions.switch_from_credit.to,
            paidPaise: plan.price_paise,
            validFrom,
            validUntil,
            idempotencyKey,
            requestHash,
            at,
          });
          await postLedgerEvent(tx, {
            kind: 'pack_switched_from_credit',
            learnerAccountId,
            batchStudentId: row.id,
            replaced,
            pack: { packId, planName: plan.name, classesTotal: plan.classes_count, pricePaidPaise: plan.price_paise },
            at,
          });
          return { orderId: null, packId };
        },
      });

      const today = istDateKey(now());
      if (result.orderId) {
        const [order, view] = await Promise.all([orders.checkoutOrder(result.orderId), repository.findOrderView(result.orderId)]);
        const pack = view?.batch_student_plan_id ? await repository.findPack(view.batch_student_plan_id) : undefined;
        if (!view || !pack) throw new DomainError('INTERNAL_ERROR', 'The plan change order has no class pack', 500);
        return { creditPaise: view.credit_paise, newPlan: toBatchStudentPlan(pack, today).plan, price: order.price, order, classPack: null };
      }
      const pack = result.packId ? await repository.findPack(result.packId) : undefined;
      if (!pack) throw new DomainError('INTERNAL_ERROR', 'The new class pack was not found', 500);
      const classPack = toBatchStudentPlan(pack, today);
      return { creditPaise: await switchCredit(pack), newPlan: classPack.plan, price: freePrice(), order: null, classPack };
    },
  };

  /** The credit booked when a plan switched without payment: the adjustment written just before the purchase. */
  async function switchCredit(pack: PackRow): Promise<number> {
    const entries = await repository.findEntries(pack.batch_student_id);
    const purchase = entries.findIndex((entry) => entry.batch_student_plan_id === pack.id && entry.kind === 'class_pack_purchase');
    const adjustment = purchase > 0 ? entries[purchase - 1] : undefined;
    return adjustment?.kind === 'adjustment' ? adjustment.amount_paise : 0;
  }
}

export type ClassPacksService = ReturnType<typeof createClassPacksService>;
