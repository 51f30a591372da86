import { sql, type Kysely, type Selectable } from 'kysely';
import { paymentLinkLifecycle } from '@kalike/shared/domain/payment-link-lifecycle';
import type { Database, PaymentLinksTable } from '../../../db/schema';

export interface PaymentLinkRow extends Selectable<PaymentLinksTable> {
  teacher_name: string;
  teacher_slug: string;
  /** The named batch student's student, or the learner when they study themselves. */
  student_name: string | null;
}

/** Payment links a teacher sent to a phone. */
export function linkQueries(db: Kysely<Database>) {
  return {
    find(id: string): Promise<PaymentLinkRow | undefined> {
      return db
        .selectFrom('payment_links as pl')
        .innerJoin('teachers as t', 't.id', 'pl.teacher_id')
        .leftJoin('batch_students as bs', 'bs.id', 'pl.batch_student_id')
        .leftJoin('students as s', 's.id', 'bs.student_id')
        .leftJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
        .selectAll('pl')
        .select(['t.name as teacher_name', 't.slug as teacher_slug', sql<string | null>`coalesce(s.name, la.name)`.as('student_name')])
        .where('pl.id', '=', id)
        .executeTakeFirst();
    },

    async lock(id: string): Promise<void> {
      await db.selectFrom('payment_links').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** Only a link its lifecycle lets be paid (an issued one) is marked paid. */
    async markPaid(id: string, at: Date): Promise<void> {
      await db
        .updateTable('payment_links')
        .set({ status: paymentLinkLifecycle.transitions.pay.to, paid_at: at })
        .where('id', '=', id)
        .where('status', 'in', paymentLinkLifecycle.transitions.pay.from)
        .execute();
    },
  };
}
