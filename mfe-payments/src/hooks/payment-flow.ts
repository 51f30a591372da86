import { useLocation } from 'react-router-dom';
import * as paths from '@kalike/shared/routing/paths';
import type { PathParams } from '@kalike/shared/routing/paths';

export type PaymentStep = 'select-payment-plan' | 'pay' | 'payment-success' | 'thank-you' | 'settle' | 'change-plan';
type OldPaymentStep = 'select-payment-plan' | 'pay' | 'settle' | 'payment-success';

const oldSteps: readonly PaymentStep[] = ['select-payment-plan', 'pay', 'settle', 'payment-success'];
const isOldStep = (step: PaymentStep): step is OldPaymentStep => oldSteps.includes(step);

export interface PaymentFlow {
  /** Opened from a link of the earlier flow (`/old-payments/…`). */
  old: boolean;
  step: (step: PaymentStep, batchStudentId: string, params?: PathParams) => string;
}

/**
 * Links sent with the earlier flow keep working: a learner who arrived on `/old-payments/…`
 * stays on those paths for the steps that exist there; the others are the current ones.
 */
export function usePaymentFlow(): PaymentFlow {
  const { pathname } = useLocation();
  const old = pathname.startsWith('/old-payments/');
  return {
    old,
    step: (step, batchStudentId, params) =>
      old && isOldStep(step) ? paths.oldPaymentStep(step, batchStudentId, params) : paths.paymentStep(step, batchStudentId, params),
  };
}
