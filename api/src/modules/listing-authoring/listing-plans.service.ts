import type { AuthoringResult, PlanBody, UpdatePlanBody } from '@kalike/shared/contracts/listing-authoring';
import { istDateKey } from '@kalike/shared/format/dates';
import { classPackProblem } from '@kalike/shared/domain/listing-authoring-rules';
import { formatPaise } from '@kalike/shared/format/money';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ListingAuthoringQueries } from './listing-authoring.repository';
import { planNotFound } from './listing-authoring-errors';
import { ownBatch } from './listing-batches.service';
import type { ListingPartDeps } from './listing-edits';

function checkPack(pack: { classes: number; validityDays: number; pricePaise: number }) {
  const problem = classPackProblem(pack);
  if (problem) throw new DomainError('PRICE_OUT_OF_BOUNDS', problem, 400);
}

/**
 * A new pack on a live listing is sold at once, so its price must be one an admin has already
 * approved for this listing a class; a dearer one goes through a held change.
 */
function checkApprovedPerClass(approvedPerClass: number[], body: PlanBody) {
  const newPerClass = body.pricePaise / body.classesCount;
  const [low, high] = [Math.min(...approvedPerClass), Math.max(...approvedPerClass)];
  if (approvedPerClass.length > 0 && !(newPerClass < low - 0.5 || newPerClass > high + 0.5)) return;
  throw new DomainError(
    'NEEDS_REVIEW',
    approvedPerClass.length === 0
      ? 'A class pack on a live listing with no approved packs waits for review; ask for the listing to be reviewed again.'
      : `A new class pack on a live listing can cost ${formatPaise(Math.round(low))} to ${formatPaise(Math.round(high))} a class, as your approved packs do. Add it at such a price, then change its price: the new price waits for review.`,
    409,
  );
}

/** The class packs a listing's batches sell; on a live listing a new price waits for review. */
export function createListingPlans({ now, edits }: Pick<ListingPartDeps, 'now' | 'edits'>) {
  async function ownPlan(tx: ListingAuthoringQueries, listingId: string, planId: string) {
    const plans = await tx.findPlans(listingId, istDateKey(now()));
    const plan = plans.find((candidate) => candidate.id === planId);
    if (!plan) throw planNotFound();
    return plan;
  }

  return {
    addPlan(user: AuthUser, listingId: string, body: PlanBody): Promise<AuthoringResult> {
      return edits.change(user, listingId, async (tx, listing) => {
        const batch = await ownBatch(tx, listingId, body.batchId, { lock: false });
        checkPack({ classes: body.classesCount, validityDays: body.validityDays, pricePaise: body.pricePaise });
        if (listing.review_state === 'live') {
          const approved = await tx.findPlans(listingId, istDateKey(now()));
          checkApprovedPerClass(
            approved.map((plan) => plan.price_paise / plan.classes_count),
            body,
          );
        }
        await tx.insertPlan({
          batch_id: batch.id,
          name: body.name.trim(),
          classes_count: body.classesCount,
          validity_days: body.validityDays,
          price_paise: body.pricePaise,
        });
      });
    },

    updatePlan(user: AuthUser, listingId: string, planId: string, body: UpdatePlanBody): Promise<AuthoringResult> {
      return edits.change(user, listingId, async (tx, listing) => {
        const plan = await ownPlan(tx, listingId, planId);
        const next = {
          classes: body.classesCount ?? plan.classes_count,
          validityDays: body.validityDays ?? plan.validity_days,
          pricePaise: body.pricePaise ?? plan.price_paise,
        };
        checkPack(next);
        let held = false;
        let pricePaise = next.pricePaise;
        if (listing.review_state === 'live' && body.pricePaise !== undefined) {
          // Learners keep paying the approved price until an admin approves the new one.
          const back = body.pricePaise === plan.price_paise;
          await tx.holdChange(listingId, 'plan_price', planId, back ? null : { kind: 'plan_price', targetId: planId, pricePaise: body.pricePaise }, now());
          held = !back;
          pricePaise = plan.price_paise;
        }
        await tx.updatePlan(planId, {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          classes_count: next.classes,
          validity_days: next.validityDays,
          price_paise: pricePaise,
        });
        return { held };
      });
    },

    removePlan(user: AuthUser, listingId: string, planId: string): Promise<AuthoringResult> {
      return edits.change(user, listingId, async (tx) => {
        const plan = await ownPlan(tx, listingId, planId);
        if (plan.active_packs > 0) {
          throw new DomainError(
            'PLAN_HAS_PACKS',
            `${plan.active_packs} ${plan.active_packs === 1 ? 'family holds' : 'families hold'} this class pack now, so it cannot be removed. Remove it after their packs end.`,
            409,
          );
        }
        if (plan.all_packs > 0) {
          throw new DomainError(
            'PLAN_HAS_PACKS',
            'Families have bought or been asked to pay for this class pack, so it stays on their receipts and cannot be removed.',
            409,
          );
        }
        await tx.holdChange(listingId, 'plan_price', planId, null, now());
        await tx.deletePlan(planId);
      });
    },
  };
}
