import { sql, type Kysely } from 'kysely';
import type { LedgerEntryKind } from '@kalike/shared/domain/payment-values';
import type { Database } from '../../../db/schema';

export interface NewLedgerEntry {
  learnerAccountId: string;
  batchStudentId: string | null;
  kind: LedgerEntryKind;
  amountPaise: number;
  classesDelta?: number;
  orderId?: string | null;
  paymentId?: string | null;
  batchStudentPlanId?: string | null;
  sessionId?: string | null;
  /** See ledger_entries.answers_entry_id: the consumption a return undoes, or the return a new consumption follows. */
  answersEntryId?: string | null;
  refundId?: string | null;
  description: string;
  at: Date;
}

export interface LedgerEntryRow {
  id: string;
  batch_student_id: string | null;
  kind: LedgerEntryKind;
  amount_paise: number;
  classes_delta: number;
  batch_student_plan_id: string | null;
  description: string;
  created_at: Date;
  /** Read by findRecentEntries: a payment's order, and that order's receipt when this payment paid it. */
  order_id?: string | null;
  receipt_number?: string | null;
  /** Read by findRecentEntries: the refund the entry belongs to, and the start of the class it books. */
  refund_id?: string | null;
  class_starts_at?: Date | string | null;
}

export interface BalanceRow {
  batch_student_id: string;
  balance_paise: number;
}

const entryColumns = ['id', 'batch_student_id', 'kind', 'amount_paise', 'classes_delta', 'batch_student_plan_id', 'description', 'created_at'] as const;

/**
 * The session's latest consumption for the batch student, with the return that answers it
 * (null while the class stands consumed). A corrected mark can consume and return again, so
 * there may be older pairs; only the newest counts.
 */
function latestConsumption(
  db: Kysely<Database>,
  batchStudentId: string,
  sessionId: string,
): Promise<(LedgerEntryRow & { returned_by: string | null }) | undefined> {
  return db
    .selectFrom('ledger_entries as le')
    .leftJoin('ledger_entries as back', (join) => join.onRef('back.answers_entry_id', '=', 'le.id').on('back.kind', '=', 'class_returned'))
    .select(entryColumns.map((column) => `le.${column}` as const))
    .select('back.id as returned_by')
    .where('le.batch_student_id', '=', batchStudentId)
    .where('le.session_id', '=', sessionId)
    .where('le.kind', '=', 'class_consumed')
    .orderBy('le.seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function ledgerQueries(db: Kysely<Database>) {
  return {
    async insertEntry(entry: NewLedgerEntry): Promise<string> {
      const row = await db
        .insertInto('ledger_entries')
        .values({
          learner_account_id: entry.learnerAccountId,
          batch_student_id: entry.batchStudentId,
          kind: entry.kind,
          amount_paise: entry.amountPaise,
          classes_delta: entry.classesDelta ?? 0,
          order_id: entry.orderId ?? null,
          payment_id: entry.paymentId ?? null,
          batch_student_plan_id: entry.batchStudentPlanId ?? null,
          session_id: entry.sessionId ?? null,
          answers_entry_id: entry.answersEntryId ?? null,
          ...(entry.refundId ? { refund_id: entry.refundId } : {}),
          description: entry.description,
          created_at: entry.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Credit positive, owed negative: the sum of the batch student's money entries. */
    async balanceOf(batchStudentId: string): Promise<number> {
      const row = await db
        .selectFrom('ledger_entries')
        .select(sql<number>`coalesce(sum(amount_paise), 0)::int`.as('balance'))
        .where('batch_student_id', '=', batchStudentId)
        .executeTakeFirstOrThrow();
      return Number(row.balance);
    },

    async balancesOf(batchStudentIds: readonly string[]): Promise<Map<string, number>> {
      if (batchStudentIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['batch_student_id', sql<number>`coalesce(sum(amount_paise), 0)::int`.as('balance')])
        .where('batch_student_id', 'in', [...batchStudentIds])
        .groupBy('batch_student_id')
        .execute();
      return new Map(rows.map((row) => [row.batch_student_id ?? '', Number(row.balance)]));
    },

    /** Oldest first. */
    findEntries(batchStudentId: string): Promise<LedgerEntryRow[]> {
      return db.selectFrom('ledger_entries').select(entryColumns).where('batch_student_id', '=', batchStudentId).orderBy('seq').execute();
    },

    /** The newest `limit` entries of each batch student, newest first. */
    async findRecentEntries(batchStudentIds: readonly string[], limit: number): Promise<LedgerEntryRow[]> {
      if (batchStudentIds.length === 0) return [];
      const result = await sql<LedgerEntryRow>`
        select ranked.id, batch_student_id, kind, amount_paise, classes_delta, batch_student_plan_id, description, created_at, order_id, refund_id,
          (select cs.starts_at from class_sessions cs where cs.id = ranked.session_id) as class_starts_at,
          (select o.receipt_number from orders o join payments pay on pay.id = ranked.payment_id
           where o.id = ranked.order_id and o.status = 'paid' and pay.held_reason is null and ranked.kind = 'payment') as receipt_number
        from (
          select le.*, row_number() over (partition by le.batch_student_id order by le.seq desc) as position
          from ledger_entries le
          where le.batch_student_id = any(${[...batchStudentIds]}::uuid[])
        ) ranked
        where position <= ${limit}
        order by batch_student_id, seq desc
      `.execute(db);
      return result.rows;
    },

    findConsumption: (batchStudentId: string, sessionId: string) => latestConsumption(db, batchStudentId, sessionId),

    /** A session of the batch, with its day in Bengaluru. */
    findSessionOfBatch(sessionId: string, batchId: string): Promise<{ id: string; day: string } | undefined> {
      return db
        .selectFrom('class_sessions')
        .select(['id', sql<string>`to_char(starts_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`.as('day')])
        .where('id', '=', sessionId)
        .where('batch_id', '=', batchId)
        .executeTakeFirst();
    },
  };
}

export type LedgerQueries = ReturnType<typeof ledgerQueries>;
