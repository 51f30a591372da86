import type { ChangePlanBody, ChangePlanResult } from '@kalike/shared/contracts/payments';
import { classPackTransitions } from '@kalike/shared/domain/class-pack-lifecycle';
import { istDateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import type { AuthUser } from '../../../plugins/auth';
import { toClassPackPlan } from '../../../shared/class-pack-plans';
import { DomainError } from '../../../shared/domain-error';
import type { Checkout, OrderDraft, PurchaseResult, SwitchedWithoutOrder } from '../checkout/checkout';
import { freePrice, planChangePrice } from '../checkout/pricing';
import { postLedgerEvent } from '../ledger/ledger-postings';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import type { PackRow } from './class-packs.repository';
import { appendedDates } from './pack-dates';
import { replacePack } from './pack-moves';
import { packQueue, packWaiting } from './pack-queue';
import { creditOf, findPlan } from './pack-pricing';
import { activePack, creditForPack, isUsable, ownBatchStudent, payingLearners, placeLeft, toBatchStudentPlan } from './packs';

export interface PlanChangeDeps {
  repository: PaymentsRepository;
  checkout: Checkout;
  now: () => Date;
}

type PlanChange = Awaited<ReturnType<typeof decidePlanChange>>;

/**
 * What changing to `planId` means now: the pack in use it replaces, the credit its unused
 * classes are worth at the per-class price paid, and what is left to pay after that credit
 * and any credit already on the ledger.
 */
async function decidePlanChange(
  tx: Pick<PaymentsQueries, 'batches' | 'ledger' | 'packs' | 'places'>,
  learnerAccountId: string,
  batchStudentId: string,
  planId: string,
  at: Date,
) {
  const row = await ownBatchStudent(tx, learnerAccountId, batchStudentId);
  await tx.batches.requireNotEnded(row.batch_id, at);
  if (row.status === 'left') throw placeLeft();
  const plan = findPlan(await tx.batches.findPlans(row.batch_id), planId, 'body.batchStudentClasspackPlanID');
  const packs = await tx.packs.findOf(row.id);
  const queue = packQueue(packs, istDateKey(at));
  // A change of plan acts on the pack in use; with another already paid and waiting, it would
  // leave that one behind a pack of another size, so it waits until the queued one starts.
  if (queue.queued.length > 0) throw packWaiting(row.student_name ?? row.learner_name);
  const current = queue.current ?? activePack(packs);
  if (!current) throw new DomainError('INVALID_TRANSITION', 'There is no class pack in use to change; buy a pack instead', 409);
  if (current.class_pack_plan_id === plan.id && isUsable(current, istDateKey(at))) {
    throw new DomainError('INVALID_TRANSITION', `You are already on ${plan.name}`, 409);
  }
  const { creditPaise } = creditForPack(current, istDateKey(at));
  // Credit already on the ledger pays towards the new pack too.
  const price = planChangePrice(plan.price_paise, creditPaise, await creditOf(tx, row.id));
  return { row, plan, current, creditPaise, price };
}

/** What is left to pay becomes an order for the new pack, which replaces the current one once paid. */
function planChangeOrder({ row, plan, current, price, creditPaise }: PlanChange): OrderDraft {
  return {
    purpose: 'change_plan',
    batchStudentId: row.id,
    studentId: row.student_id,
    price,
    previousPlanId: current.id,
    description: `Change to ${plan.name} for ${row.student_name ?? row.learner_name} with ${row.teacher_name} (credit ${formatPaise(creditPaise)})`,
    pack: { classPackPlanId: plan.id, classesTotal: plan.classes_count, pricePaise: plan.price_paise, validityDays: plan.validity_days },
    supersedes: { purposes: ['class_pack', 'change_plan'], batchStudentId: row.id },
  };
}

/** The credit covers the new pack: switched now, paid by the credit, with the excess left as credit. */
async function switchFromCredit(
  tx: PaymentsQueries,
  learnerAccountId: string,
  { row, plan, current }: PlanChange,
  idempotency: { key: string; requestHash: string },
  at: Date,
): Promise<SwitchedWithoutOrder> {
  const replaced = await replacePack(tx, current, at);
  const { validFrom, validUntil } = appendedDates(await tx.packs.findOf(row.id), plan.validity_days, istDateKey(at));
  const packId = await tx.packs.insert({
    batchStudentId: row.id,
    classPackPlanId: plan.id,
    classesTotal: plan.classes_count,
    pricePaise: plan.price_paise,
    validityDays: plan.validity_days,
    status: classPackTransitions.switch_from_credit.to,
    paidPaise: plan.price_paise,
    validFrom,
    validUntil,
    idempotencyKey: idempotency.key,
    requestHash: idempotency.requestHash,
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
  return { switchedPackId: packId };
}

/** The credit booked when a plan switched without payment: the adjustment written just before the purchase. */
async function switchCredit(repository: Pick<PaymentsRepository, 'ledger'>, pack: PackRow): Promise<number> {
  const entries = await repository.ledger.findEntries(pack.batch_student_id);
  const purchase = entries.findIndex((entry) => entry.batch_student_plan_id === pack.id && entry.kind === 'class_pack_purchase');
  const adjustment = purchase > 0 ? entries[purchase - 1] : undefined;
  return adjustment?.kind === 'adjustment' ? adjustment.amount_paise : 0;
}

/** The answer to a plan change: the order left to pay, or the pack it switched to. */
async function planChangeResult(
  repository: Pick<PaymentsRepository, 'orders' | 'packs' | 'ledger'>,
  result: PurchaseResult,
  today: string,
): Promise<ChangePlanResult> {
  const { order } = result;
  if (order) {
    const view = await repository.orders.findView(order.orderId);
    const pack = view?.batch_student_plan_id ? await repository.packs.find(view.batch_student_plan_id) : undefined;
    if (!view || !pack) throw new DomainError('INTERNAL_ERROR', 'The plan change order has no class pack', 500);
    return { creditPaise: view.credit_paise, newPlan: toBatchStudentPlan(pack, today).plan, price: order.price, order, classPack: null };
  }
  const pack = result.packId ? await repository.packs.find(result.packId) : undefined;
  if (!pack) throw new DomainError('INTERNAL_ERROR', 'The new class pack was not found', 500);
  const classPack = toBatchStudentPlan(pack, today);
  return { creditPaise: await switchCredit(repository, pack), newPlan: classPack.plan, price: freePrice(), order: null, classPack };
}

/**
 * Switching to another pack of the same batch. The unused classes of the current pack are
 * credited at the per-class price paid for it; what is left to pay becomes an order, and a
 * credit that covers the new pack switches at once, keeping any excess as credit.
 */
export function createPlanChange({ repository, checkout, now }: PlanChangeDeps) {
  return {
    async changePlan(user: AuthUser, key: string | string[] | undefined, batchStudentId: string, body: ChangePlanBody): Promise<ChangePlanResult> {
      const learnerAccountId = payingLearners.idOf(user);
      const planId = body.batchStudentClasspackPlanID;
      if (body.preview) {
        const { plan, creditPaise, price } = await decidePlanChange(repository, learnerAccountId, batchStudentId, planId, now());
        return { creditPaise, newPlan: toClassPackPlan(plan), price, order: null, classPack: null };
      }
      const result = await checkout.buy({
        learnerAccountId,
        key,
        request: { call: 'change_plan', batchStudentId, planId },
        decide: async (tx, at, idempotency) => {
          const change = await decidePlanChange(tx, learnerAccountId, batchStudentId, planId, at);
          await tx.places.lock(change.row.id);
          return change.price.totalPaise > 0 ? planChangeOrder(change) : switchFromCredit(tx, learnerAccountId, change, idempotency, at);
        },
      });
      return planChangeResult(repository, result, istDateKey(now()));
    },
  };
}
