import type { BatchStudentPlan, BatchStudentSummary, ClassPackOptions, CouponQuote, ValidateCouponBody } from '@kalike/shared/contracts/payments';
import { istDateKey } from '@kalike/shared/format/dates';
import type { AuthUser } from '../../../plugins/auth';
import { toClassPackPlan, type ClassPackPlanRow } from '../../../shared/class-pack-plans';
import { DomainError } from '../../../shared/domain-error';
import { toEnquiryBatch } from '../../../shared/enquiry-batches';
import { freePrice } from '../checkout/pricing';
import { evaluateCoupon, evaluateReferral } from '../discounts/discounts.service';
import { savingsPaise } from '../money';
import type { PaymentsRepository } from '../payments.repository';
import type { BatchStudentRow } from '../places/places.repository';
import { creditOf, findPlan, planPrice } from './pack-pricing';
import { batchEnded } from '../../../shared/batch-context';
import { endedBatchNextPack, nextPackSlot, packQueue, packWaiting, toNextPack } from './pack-queue';
import { batchStudentNotFound, currentPack, ownBatchStudent, payingLearners, toBatchStudentPlan, toBatchStudentSummary } from './packs';

export interface PackChoiceDeps {
  repository: PaymentsRepository;
  now: () => Date;
}

/** Whether Change plan is open: not in an ended batch, nor while a pack waits. */
function planChangeOf(ended: boolean, waiting: boolean, studentName: string): { allowed: boolean; message: string | null } {
  if (ended) return { allowed: false, message: batchEnded().message };
  return waiting ? { allowed: false, message: packWaiting(studentName).message } : { allowed: true, message: null };
}

/** What a family reads before buying: the packs on offer and their prices, a coupon's quote, a pack's balance. */
export function createPackChoice({ repository, now }: PackChoiceDeps) {
  async function summaryOf(row: BatchStudentRow): Promise<{ summary: BatchStudentSummary; plans: ClassPackPlanRow[] }> {
    const [batches, plans] = await Promise.all([repository.batches.find([row.batch_id]), repository.batches.findPlans(row.batch_id)]);
    const [batch] = batches;
    if (!batch) throw batchStudentNotFound();
    return { summary: toBatchStudentSummary(row, toEnquiryBatch(batch, plans)), plans };
  }

  return {
    async options(user: AuthUser, batchStudentId: string, referralCode: string | undefined): Promise<ClassPackOptions> {
      const learnerAccountId = payingLearners.idOf(user);
      const row = await ownBatchStudent(repository, learnerAccountId, batchStudentId);
      const at = now();
      const today = istDateKey(at);
      const [{ summary, plans }, packs, creditPaise, ended] = await Promise.all([
        summaryOf(row),
        repository.packs.findOf(row.id),
        creditOf(repository, row.id),
        repository.batches.hasEnded(row.batch_id, at),
      ]);
      const referral = referralCode?.trim() ? await evaluateReferral(repository, { learnerAccountId, code: referralCode, at, batchStudentId: row.id }) : null;
      const [smallest] = plans;
      const current = currentPack(packs, today);
      const { queued } = packQueue(packs, today);
      const studentName = row.student_name ?? row.learner_name;
      return {
        batchStudent: summary,
        currentPlan: current ? toBatchStudentPlan(current, today) : null,
        queuedPlans: queued.map((pack) => toBatchStudentPlan(pack, today)),
        nextPack: ended ? endedBatchNextPack() : toNextPack(nextPackSlot(packs, today, studentName), today),
        planChange: planChangeOf(ended, queued.length > 0, studentName),
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
      const plan = findPlan(await repository.batches.findPlans(row.batch_id), body.classPackPlanId, 'body.classPackPlanId');
      const at = now();
      const coupon = await evaluateCoupon(repository, { learnerAccountId, code: body.couponCode, basePaise: plan.price_paise, at, batchStudentId: row.id });
      const referral = body.referralCode ? await evaluateReferral(repository, { learnerAccountId, code: body.referralCode, at, batchStudentId: row.id }) : null;
      return { valid: coupon.valid, message: coupon.message, price: planPrice(plan, coupon, referral, await creditOf(repository, row.id)) };
    },

    async balance(user: AuthUser, batchStudentId: string, packId: string): Promise<BatchStudentPlan> {
      const learnerAccountId = payingLearners.idOf(user);
      const row = await ownBatchStudent(repository, learnerAccountId, batchStudentId);
      const pack = await repository.packs.find(packId);
      if (!pack || pack.batch_student_id !== row.id) throw new DomainError('PLAN_NOT_FOUND', 'No such class pack for this batch student', 404);
      return toBatchStudentPlan(pack, istDateKey(now()));
    },
  };
}
