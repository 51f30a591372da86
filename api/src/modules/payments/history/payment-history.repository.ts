import { sql, type Kysely } from 'kysely';
import type { LedgerEntryKind, OrderPurpose } from '@kalike/shared/domain/payment-values';
import type { Database } from '../../../db/schema';

/** A ledger row the history lists, with its order's receipt and the names it was for. */
export interface HistoryRow {
  id: string;
  kind: LedgerEntryKind;
  amount_paise: number;
  description: string;
  created_at: Date;
  /** The ledger's order of writing, as text: the cursor. */
  seq: string;
  order_id: string | null;
  order_status: string | null;
  order_purpose: OrderPurpose | null;
  order_description: string | null;
  order_credit_paise: number | null;
  /** The GST the order charged, in its two halves: whether its document is a tax invoice. */
  order_cgst_paise: number | null;
  order_sgst_paise: number | null;
  receipt_number: string | null;
  receipt_token: string | null;
  /** Set when the payment could not pay its order and was kept as credit. */
  held_reason: string | null;
  for_name: string | null;
  teacher_name: string | null;
  /** A refund's GST credit note, once issued. */
  credit_note_number: string | null;
  credit_note_token: string | null;
}

/** The learner's money movements, read from the ledger with the orders they belong to. */
export function historyQueries(db: Kysely<Database>) {
  return {
    /**
     * The learner's payments, refunds and credit movements, newest first, written before
     * `beforeSeq` when given; `limit` rows at most. Credit gained is a positive adjustment (a plan
     * change's unused classes, a refund kept as credit); credit spent is a pack bought without an order (switched from
     * credit) or with credit taken off its order.
     */
    async findOfLearner(learnerAccountId: string, beforeSeq: string | null, limit: number): Promise<HistoryRow[]> {
      const result = await sql<HistoryRow>`
        select le.id, le.kind, le.amount_paise, le.description, le.created_at, le.seq::text as seq,
          o.id as order_id, o.status as order_status, o.purpose as order_purpose, o.description as order_description,
          o.credit_paise as order_credit_paise, o.cgst_paise as order_cgst_paise, o.sgst_paise as order_sgst_paise, o.receipt_number, o.receipt_token, pay.held_reason,
          coalesce(s.name, pr.student_name, case when bs.id is not null then la.name end) as for_name,
          coalesce(t.name, tr.name, tl.name) as teacher_name,
          cn.number as credit_note_number, cn.token as credit_note_token
        from ledger_entries le
        join learner_accounts la on la.id = le.learner_account_id
        left join orders o on o.id = le.order_id
        left join payments pay on pay.id = le.payment_id
        left join batch_students bs on bs.id = coalesce(le.batch_student_id, o.batch_student_id)
        left join students s on s.id = coalesce(o.student_id, bs.student_id)
        left join batches b on b.id = bs.batch_id
        left join programs p on p.id = b.program_id
        left join teacher_listings l on l.id = p.listing_id
        left join teachers t on t.id = l.teacher_id
        left join payment_requests pr on pr.id = o.payment_request_id
        left join teachers tr on tr.id = pr.teacher_id
        left join payment_links pl on pl.id = o.payment_link_id
        left join teachers tl on tl.id = pl.teacher_id
        left join credit_notes cn on cn.refund_id = le.refund_id and le.kind = 'refund'
        where le.learner_account_id = ${learnerAccountId}
          and (
            le.kind in ('payment', 'refund')
            or (
              le.kind = 'adjustment' and le.amount_paise > 0
              -- A refund to the payment method credits the classes' value and sends it straight
              -- out: the family sees one refund, not credit gained beside it. Credit kept when
              -- the bank refused the refund comes after the send, and shows.
              and not exists (
                select 1 from ledger_entries sent
                where sent.refund_id = le.refund_id and sent.kind = 'refund' and sent.seq > le.seq
              )
            )
            or (le.kind = 'class_pack_purchase' and (le.order_id is null or o.credit_paise > 0))
          )
          and (${beforeSeq}::bigint is null or le.seq < ${beforeSeq}::bigint)
        order by le.seq desc
        limit ${limit}`.execute(db);
      return result.rows;
    },
  };
}
