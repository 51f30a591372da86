import type { Refund } from '@kalike/shared/contracts/refunds';
import { refundLifecycle } from '@kalike/shared/domain/refund-lifecycle';
import type { PaymentsRepository } from '../payments.repository';
import { creditNotePagePath, creditNotePdfPath } from './credit-notes';
import type { CreditNoteRow, RefundRow } from './refunds.repository';

const iso = (value: Date | string): string => new Date(value).toISOString();

export function toRefund(row: RefundRow, creditNote: CreditNoteRow | undefined): Refund {
  return {
    id: row.id,
    packId: row.batch_student_plan_id,
    amountPaise: row.amount_paise,
    classes: row.classes,
    method: row.method,
    reasonKind: row.reason_kind,
    reason: row.reason,
    status: row.status,
    statusLabel: row.method === 'credit' ? 'Kept as Kalike credit' : refundLifecycle.labels[row.status],
    failureReason: row.failure_reason,
    createdAt: iso(row.created_at),
    settledAt: row.settled_at ? iso(row.settled_at) : null,
    creditNote: creditNote
      ? {
          number: creditNote.number,
          invoiceNumber: creditNote.invoice_number,
          issuedAt: iso(creditNote.issued_at),
          pdfPath: creditNotePdfPath(creditNote.token),
          pagePath: creditNotePagePath(creditNote.token),
        }
      : null,
  };
}

/** Refund rows as the family reads them, each with its credit note when it has one. */
export async function toRefunds(repository: Pick<PaymentsRepository, 'refunds'>, rows: readonly RefundRow[]): Promise<Refund[]> {
  const notes = await repository.refunds.findCreditNotes(rows.map((row) => row.id));
  return rows.map((row) =>
    toRefund(
      row,
      notes.find((note) => note.refund_id === row.id),
    ),
  );
}
