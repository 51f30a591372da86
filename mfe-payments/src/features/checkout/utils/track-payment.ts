import { track } from '@kalike/shared/analytics/track';
import type { OrderPurpose } from '@kalike/shared/domain/payment-values';

export interface PaymentEventDetails {
  orderId: string;
  purpose: OrderPurpose | null;
  amountPaise: number | null;
  refPage: string | null;
  refSection: string | null;
  /** For failures: failure, abandoned, or the API's refusal code. */
  reason?: string;
}

const eventTypes = { payment_started: 'start', payment_succeeded: 'success', payment_failed: 'failure' } as const;

export function trackPayment(name: keyof typeof eventTypes, details: PaymentEventDetails): void {
  track({
    name,
    kind: 'funnel',
    eventType: eventTypes[name],
    refPage: details.refPage,
    refSection: details.refSection,
    properties: {
      orderId: details.orderId,
      purpose: details.purpose,
      amountPaise: details.amountPaise,
      ...(details.reason ? { reason: details.reason } : {}),
    },
  });
}
