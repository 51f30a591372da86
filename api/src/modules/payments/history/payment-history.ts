import type { AccountPayment, AccountPayments, AccountPaymentsQuery } from '@kalike/shared/contracts/payments';
import { accountPaymentsPage, type AccountPaymentKind, type LedgerEntryKind } from '@kalike/shared/domain/payment-values';
import { receiptDocumentName } from '@kalike/shared/domain/receipt-document';
import * as paths from '@kalike/shared/routing/paths';
import type { AuthUser } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import type { PaymentsRepository } from '../payments.repository';
import { receiptPdfPath } from '../receipts/tax-invoice';
import { creditNotePagePath, creditNotePdfPath } from '../refunds/credit-notes';
import type { HistoryRow } from './payment-history.repository';

export interface PaymentHistoryDeps {
  repository: PaymentsRepository;
}

const kindOf: Partial<Record<LedgerEntryKind, AccountPaymentKind>> = {
  payment: 'payment',
  refund: 'refund',
  adjustment: 'credit_gained',
  class_pack_purchase: 'credit_spent',
};

/** What moved, as a positive amount: credit spent on an order is the credit its price took off. */
function amountOf(row: HistoryRow): number {
  if (row.kind === 'class_pack_purchase') return row.order_credit_paise ?? Math.abs(row.amount_paise);
  return Math.abs(row.amount_paise);
}

/** The tax invoice of the paid order a row belongs to (credit moved by a plan change shows on it too), unless the money was kept as credit. */
function receiptOf(row: HistoryRow): AccountPayment['receipt'] {
  if (!row.order_id || row.order_status !== 'paid' || !row.receipt_number || row.held_reason) return null;
  return {
    orderId: row.order_id,
    receiptNumber: row.receipt_number,
    pagePath: paths.paymentSuccess({ orderId: row.order_id }),
    pdfPath: row.receipt_token ? receiptPdfPath(row.receipt_token) : null,
    documentName: receiptDocumentName((row.order_cgst_paise ?? 0) + (row.order_sgst_paise ?? 0)),
  };
}

/** A refund's credit note, as a page and a PDF by the token in its link. */
function creditNoteOf(row: HistoryRow): AccountPayment['creditNote'] {
  if (!row.credit_note_number || !row.credit_note_token) return null;
  return { number: row.credit_note_number, pagePath: creditNotePagePath(row.credit_note_token), pdfPath: creditNotePdfPath(row.credit_note_token) };
}

function toAccountPayment(row: HistoryRow): AccountPayment {
  const receipt = receiptOf(row);
  return {
    id: row.id,
    kind: kindOf[row.kind] ?? 'payment',
    at: new Date(row.created_at).toISOString(),
    amountPaise: amountOf(row),
    // A payment says what its order bought; the ledger says why credit moved or money was kept.
    description: row.kind === 'payment' && receipt && row.order_description ? row.order_description : row.description,
    forName: row.for_name,
    teacherName: row.teacher_name,
    receipt,
    creditNote: creditNoteOf(row),
  };
}

/** The learner's own payments history: every payment, refund and credit movement, newest first. */
export function createPaymentHistory({ repository }: PaymentHistoryDeps) {
  return {
    async accountPayments(user: AuthUser, query: AccountPaymentsQuery): Promise<AccountPayments> {
      const learnerAccountId = payingLearners.idOf(user);
      const limit = Math.min(query.limit ?? accountPaymentsPage.default, accountPaymentsPage.max);
      // One row more than the page says whether there is a next one.
      const rows = await repository.history.findOfLearner(learnerAccountId, query.cursor ?? null, limit + 1);
      const page = rows.slice(0, limit);
      return { items: page.map(toAccountPayment), nextCursor: rows.length > limit ? (page.at(-1)?.seq ?? null) : null };
    },
  };
}

export type PaymentHistory = ReturnType<typeof createPaymentHistory>;
