import type { PaymentGatewayAdapter } from '../gateway/payment-gateway';
import type { PaymentsRepository } from '../payments.repository';
import { createPackCancellation } from './pack-cancellation';
import { createRefundSender } from './refund-sender';

export interface RefundsDeps {
  repository: PaymentsRepository;
  gateway: PaymentGatewayAdapter;
  now: () => Date;
  publicSiteUrl: string;
}

/**
 * Money going back to families, one use case a file: the refund policy's quote (refund-quote.ts),
 * booking a refund (refund-booking.ts), sending it through the gateway and retrying it
 * (refund-sender.ts), the gateway's answers and the texts (refund-settlement.ts), credit notes
 * (credit-notes.ts), and a family cancelling a pack (pack-cancellation.ts).
 */
export function createRefunds(deps: RefundsDeps) {
  const sender = createRefundSender(deps);
  return { sender, cancellation: createPackCancellation({ ...deps, sender }) };
}
