import type { Checkout } from '../checkout/checkout';
import type { PaymentsRepository } from '../payments.repository';
import { createClassAccess } from './class-access';
import { createPlanChange } from './change-plan';
import { createPackChoice } from './pack-choice';
import { createPackPurchase } from './pack-purchase';

export interface ClassPacksServiceDeps {
  repository: PaymentsRepository;
  checkout: Checkout;
  now: () => Date;
}

/**
 * Class packs for a batch student, one use case a file: what is on offer and a coupon's quote
 * (pack-choice.ts), buying one (pack-purchase.ts), changing plan (change-plan.ts), and who may
 * have the class link (class-access.ts).
 */
export function createClassPacksService(deps: ClassPacksServiceDeps) {
  return { ...createPackChoice(deps), ...createPackPurchase(deps), ...createPlanChange(deps), ...createClassAccess(deps) };
}

export type ClassPacksService = ReturnType<typeof createClassPacksService>;
