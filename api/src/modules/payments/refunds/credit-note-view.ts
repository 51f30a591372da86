import type { TaxInvoice } from '@kalike/shared/contracts/payments';
import type { CreditNoteDocument } from '@kalike/shared/contracts/refunds';
import { istDateKey } from '@kalike/shared/format/dates';
import type { InvoiceSupplier } from '../../../config';
import { taxInvoiceOf } from '../receipts/tax-invoice';
import { creditNotePdfPath } from './credit-notes';
import type { CreditNoteDocumentRow } from './refunds.repository';

/**
 * A credit note's tax lines, as the invoice it cites had them: the same supplier, GSTIN, SAC and
 * place of supply, with the refunded amount and the halves stored when it was issued. The page
 * and the PDF both read it, so they cannot differ.
 */
export function creditNoteTax(supplier: InvoiceSupplier, note: CreditNoteDocumentRow): TaxInvoice {
  return taxInvoiceOf(supplier, {
    invoiceNumber: note.number,
    paidAt: new Date(note.issued_at),
    price: {
      basePaise: note.total_paise,
      couponDiscountPaise: 0,
      referralDiscountPaise: 0,
      creditPaise: 0,
      totalPaise: note.total_paise,
      taxablePaise: note.taxable_paise,
      cgstPaise: note.cgst_paise,
      sgstPaise: note.sgst_paise,
      coupon: null,
      referralCode: null,
    },
  });
}

/** The credit note as its page shows it. */
export function toCreditNoteDocument(supplier: InvoiceSupplier, note: CreditNoteDocumentRow): CreditNoteDocument {
  const tax = creditNoteTax(supplier, note);
  return {
    number: note.number,
    issuedOn: tax.invoiceDate,
    invoiceNumber: note.invoice_number,
    invoiceDate: note.invoice_paid_at ? istDateKey(note.invoice_paid_at) : null,
    recipientName: note.payer_name,
    studentName: note.student_name ?? note.payer_name,
    reason: note.reason,
    refundReference: note.gateway_refund_id,
    tax,
    pdfPath: creditNotePdfPath(note.token),
  };
}
