import { istDateKey } from '@kalike/shared/format/dates';
import type { InvoiceSupplier } from '../../../config';
import { gstLines, renderTaxDocumentPdf } from '../receipts/receipt-pdf';
import { creditNoteTax } from './credit-note-view';
import type { CreditNoteDocumentRow } from './refunds.repository';

/**
 * A GST credit note (CGST Rules, rule 53(1A)) in the receipt's layout: the same supplier, GSTIN,
 * SAC and place of supply as the invoice it cites, its own number and date, the recipient, and
 * the taxable value and tax credited, CGST and SGST in equal halves.
 */
export function renderCreditNotePdf(supplier: InvoiceSupplier, note: CreditNoteDocumentRow): Promise<Buffer> {
  const tax = creditNoteTax(supplier, note);
  const invoiceDate = note.invoice_paid_at ? `, dated ${istDateKey(note.invoice_paid_at)}` : '';
  return renderTaxDocumentPdf({
    heading: 'Credit note',
    title: `Credit note ${note.number}`,
    supplier: tax.supplier,
    facts: [
      ['Credit note number', note.number],
      ['Date of issue', tax.invoiceDate],
      ['Against tax invoice', `${note.invoice_number}${invoiceDate}`],
      ['Place of supply', tax.placeOfSupply],
      ['SAC', `${tax.sacCode} (commercial training and coaching)`],
      ['Recipient', note.payer_name],
      ['Student', note.student_name ?? note.payer_name],
      ['Reason', note.reason],
      ...(note.gateway_refund_id ? ([['Refund', note.gateway_refund_id]] as const) : []),
    ],
    lines: [['Taxable value credited', tax.taxablePaise], ...gstLines(tax), ['Total refunded', tax.totalPaise, true]],
    footnote: 'GST on the refunded amount is reversed by this credit note. This is a computer-generated document and needs no signature.',
  });
}
