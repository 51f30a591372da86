import { randomBytes } from 'node:crypto';
import * as paths from '@kalike/shared/routing/paths';
import { financialYear, creditNoteNumber, gstSplit } from '../money';
import type { PaymentsQueries } from '../payments.repository';
import type { CreditNoteRow, RefundRow } from './refunds.repository';

/** Where a credit note is downloaded from by the capability in its link. */
export function creditNotePdfPath(token: string): string {
  return `/v1/payments/credit-notes/${encodeURIComponent(token)}.pdf`;
}

/** The credit note's page, by the same capability. */
export function creditNotePagePath(token: string): string {
  return paths.creditNote(token);
}

/**
 * The GST credit note for money sent back to a taxed payment: its own number of the financial
 * year it is issued in, citing the payment's tax invoice, with the refunded amount's GST
 * reversed in equal CGST and SGST halves (`gstSplit`, as the invoice split its total). Money kept
 * as Kalike credit is an advance for classes still to come, so it gets none.
 */
export async function issueCreditNote(tx: Pick<PaymentsQueries, 'refunds'>, refund: RefundRow, at: Date): Promise<CreditNoteRow | null> {
  if (refund.method !== 'original' || !refund.order_id) return null;
  const invoice = await tx.refunds.invoiceOfOrder(refund.order_id);
  if (!invoice?.receipt_number || invoice.taxable_paise >= invoice.total_paise) return null;
  const year = financialYear(at);
  const number = creditNoteNumber(year, await tx.refunds.nextCreditNoteSequence(year));
  const split = gstSplit(refund.amount_paise);
  return tx.refunds.insertCreditNote({
    refund_id: refund.id,
    number,
    order_id: refund.order_id,
    invoice_number: invoice.receipt_number,
    total_paise: refund.amount_paise,
    taxable_paise: split.taxablePaise,
    cgst_paise: split.cgstPaise,
    sgst_paise: split.sgstPaise,
    token: randomBytes(24).toString('base64url'),
    issued_at: at,
  });
}
