import type { CreditNoteDocument } from '@kalike/shared/contracts/refunds';
import type { InvoiceSupplier } from '../../../config';
import { DomainError } from '../../../shared/domain-error';
import type { PaymentGatewayAdapter } from '../gateway/payment-gateway';
import type { EndScheduleWithin } from '../../sessions/sessions.port';
import type { PaymentsRepository } from '../payments.repository';
import { createAdminClassReports } from './admin-class-reports';
import { createAdminRefunds } from './admin-refunds';
import { createClassNotHeld } from './class-not-held';
import { createPackCancellation } from './pack-cancellation';
import { renderCreditNotePdf } from './credit-note-pdf';
import { toCreditNoteDocument } from './credit-note-view';
import { createRefundSender } from './refund-sender';
import { createTeacherRemoval } from './teacher-removal';

export interface RefundsDeps {
  repository: PaymentsRepository;
  gateway: PaymentGatewayAdapter;
  now: () => Date;
  /** Who issues the credit notes: the supplier of the invoices they cite. */
  supplier: InvoiceSupplier;
  /** Sessions ends a batch's schedule when its teacher ends the batch. */
  endScheduleWithin: EndScheduleWithin;
}

/**
 * Money going back to families, one use case a file: the refund policy's quote (refund-quote.ts),
 * booking a refund (refund-booking.ts), sending it through the gateway and retrying it
 * (refund-sender.ts), the gateway's answers and the texts (refund-settlement.ts), credit notes
 * (credit-notes.ts), and a family cancelling a pack (pack-cancellation.ts).
 */
export function createRefunds(deps: RefundsDeps) {
  const sender = createRefundSender(deps);
  async function creditNoteOf(token: string) {
    const note = await deps.repository.refunds.findCreditNoteDocument(token);
    if (!note) throw new DomainError('CREDIT_NOTE_NOT_FOUND', 'No such credit note', 404);
    return note;
  }
  return {
    sender,
    cancellation: createPackCancellation({ ...deps, sender }),
    removal: createTeacherRemoval({ ...deps, sender }),
    classNotHeld: createClassNotHeld(deps),
    adminRefunds: createAdminRefunds({ ...deps, sender }),
    adminReports: createAdminClassReports({ ...deps, sender }),
    /** A credit note's PDF by the capability in its link, texted to the payer. */
    async creditNotePdf(token: string): Promise<{ fileName: string; pdf: Buffer }> {
      const note = await creditNoteOf(token);
      return { fileName: `${note.number.replaceAll('/', '-')}.pdf`, pdf: await renderCreditNotePdf(deps.supplier, note) };
    },
    /** The same credit note as its page shows it, by the same capability. */
    async creditNote(token: string): Promise<CreditNoteDocument> {
      return toCreditNoteDocument(deps.supplier, await creditNoteOf(token));
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
