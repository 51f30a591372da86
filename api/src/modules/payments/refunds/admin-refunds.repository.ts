import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AdminMoneyActionsTable, Database } from '../../../db/schema';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';

export type AdminActionRow = Selectable<AdminMoneyActionsTable>;

export interface AdminActionListRow extends AdminActionRow {
  admin_name: string;
  family_name: string;
}

/** A family's place with the names the admin reads, and the receipt of the order that paid one of its packs. */
export interface FamilyPackRow {
  pack_id: string;
  batch_student_id: string;
  family_name: string;
  family_phone: string;
  student_name: string | null;
  teacher_name: string;
  batch_name: string;
  receipt_number: string | null;
}

/** What the admin pages read and write besides the refunds themselves: families' packs and the log of admin money actions. */
export function adminRefundQueries(db: Kysely<Database>) {
  return {
    /**
     * Paid packs of the family whose phone is `phone`, or of the order with receipt
     * `receiptNumber`, newest first, with names and the receipt that paid each.
     */
    findFamilyPacks(by: { phone: string } | { receiptNumber: string }): Promise<FamilyPackRow[]> {
      let query = selectBatchesWithTeacher(db)
        .innerJoin('batch_students as bs', 'bs.batch_id', 'b.id')
        .innerJoin('batch_student_plans as bsp', 'bsp.batch_student_id', 'bs.id')
        .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
        .innerJoin('users as u', 'u.id', 'la.user_id')
        .leftJoin('students as s', 's.id', 'bs.student_id')
        .leftJoin('orders as o', (join) => join.onRef('o.batch_student_plan_id', '=', 'bsp.id').on('o.status', '=', 'paid'))
        .select([
          'bsp.id as pack_id',
          'bs.id as batch_student_id',
          'la.name as family_name',
          'u.phone as family_phone',
          's.name as student_name',
          't.name as teacher_name',
          'b.name as batch_name',
          'o.receipt_number',
        ])
        .where('bsp.status', 'not in', ['pending_payment', 'expired']);
      query = 'phone' in by ? query.where('u.phone', '=', by.phone) : query.where('o.receipt_number', '=', by.receiptNumber);
      return query.orderBy('bsp.seq', 'desc').limit(50).execute();
    },

    /** Everything already refunded from a pack, whatever way it went back. */
    async refundedOfPack(packId: string): Promise<number> {
      const row = await db
        .selectFrom('refunds')
        .select(sql<number>`coalesce(sum(amount_paise), 0)::int`.as('total'))
        .where('batch_student_plan_id', '=', packId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async insertAction(values: Insertable<AdminMoneyActionsTable>): Promise<AdminActionRow> {
      return db.insertInto('admin_money_actions').values(values).returningAll().executeTakeFirstOrThrow();
    },

    findActionByKey(idempotencyKey: string): Promise<AdminActionRow | undefined> {
      return db.selectFrom('admin_money_actions').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    },

    /** The log, newest first, with the admin's and the family's names. */
    findActions(limit: number): Promise<AdminActionListRow[]> {
      return db
        .selectFrom('admin_money_actions as a')
        .innerJoin('users as au', 'au.id', 'a.admin_user_id')
        .leftJoin('learner_accounts as ala', 'ala.user_id', 'au.id')
        .innerJoin('learner_accounts as fam', 'fam.id', 'a.learner_account_id')
        .selectAll('a')
        .select([sql<string>`coalesce(nullif(ala.name, ''), au.phone)`.as('admin_name'), 'fam.name as family_name'])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
