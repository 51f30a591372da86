import type { InvoiceSupplier } from '../../../config';
import { DomainError } from '../../../shared/domain-error';
import type { PaymentGatewayAdapter } from '../gateway/payment-gateway';
import type { PaymentsRepository } from '../payments.repository';
import { createAdminClassReports } from './admin-class-reports';
import { createAdminRefunds } from './admin-refunds';
import { createClassNotHeld } from './class-not-held';
import { createPackCancellation } from './pack-cancellation';
import { renderCreditNotePdf } from './credit-note-pdf';
import { createRefundSender } from './refund-sender';
import { createTeacherRemoval } from './teacher-removal';

export interface RefundsDeps {
  repository: PaymentsRepository;
  gateway: PaymentGatewayAdapter;
  now: () => Date;
  publicSiteUrl: string;
  /** Who issues the credit notes: the supplier of the invoices they cite. */
  supplier: InvoiceSupplier;
}

/**
 * Money going back to families, one use case a file: the refund policy's quote (refund-quote.ts),
 * booking a refund (refund-booking.ts), sending it through the gateway and retrying it
 * (refund-sender.ts), the gateway's answers and the texts (refund-settlement.ts), credit notes
 * (credit-notes.ts), and a family cancelling a pack (pack-cancellation.ts).
 */
export function createRefunds(deps: RefundsDeps) {
  const sender = createRefundSender(deps);
  return {
    sender,
    cancellation: createPackCancellation({ ...deps, sender }),
    removal: createTeacherRemoval({ ...deps, sender }),
    classNotHeld: createClassNotHeld(deps),
    adminRefunds: createAdminRefunds({ ...deps, sender }),
    adminReports: createAdminClassReports({ ...deps, sender }),
    /** A credit note's PDF by the capability in its link, texted to the payer. */
    async creditNotePdf(token: string): Promise<{ fileName: string; pdf: Buffer }> {
      const note = await deps.repository.refunds.findCreditNoteDocument(token);
      if (!note) throw new DomainError('CREDIT_NOTE_NOT_FOUND', 'No such credit note', 404);
      return { fileName: `${note.number.replaceAll('/', '-')}.pdf`, pdf: await renderCreditNotePdf(deps.supplier, note) };
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
