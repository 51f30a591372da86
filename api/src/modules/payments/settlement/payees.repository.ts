import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** Who a paid order paid and what for, as the notices of the payment name them. */
export interface PayeeRow {
  /** The family's account holder. */
  learner_user_id: string;
  /** The account's name; empty until the learner completes the account. */
  learner_name: string;
  teacher_name: string;
  /** The teacher's sign-in; null for a teacher who has none. */
  teacher_user_id: string | null;
  /** The program of the batch paid for; null for a payment link that names no batch. */
  program_name: string | null;
}

/** The reads behind the notices of a payment. */
export function payeeQueries(db: Kysely<Database>) {
  return {
    /**
     * The order's family and teacher: through the place it paid for, else the payment request's
     * batch, else the payment link's teacher. Read after the order is marked paid, when the
     * place it gave is on the order.
     */
    findPayee(orderId: string): Promise<PayeeRow | undefined> {
      return db
        .selectFrom('orders as o')
        .innerJoin('learner_accounts as la', 'la.id', 'o.learner_account_id')
        .leftJoin('batch_students as bs', 'bs.id', 'o.batch_student_id')
        .leftJoin('payment_requests as pr', 'pr.id', 'o.payment_request_id')
        .leftJoin('payment_links as pl', 'pl.id', 'o.payment_link_id')
        .leftJoin('batches as b', (join) => join.on(sql<boolean>`b.id = coalesce(bs.batch_id, pr.batch_id)`))
        .leftJoin('programs as p', 'p.id', 'b.program_id')
        .leftJoin('teacher_listings as l', 'l.id', 'p.listing_id')
        .innerJoin('teachers as t', (join) => join.on(sql<boolean>`t.id = coalesce(l.teacher_id, pr.teacher_id, pl.teacher_id)`))
        .leftJoin('users as tu', 'tu.teacher_id', 't.id')
        .select(['la.user_id as learner_user_id', 'la.name as learner_name', 't.name as teacher_name', 'tu.id as teacher_user_id', 'p.name as program_name'])
        .where('o.id', '=', orderId)
        .executeTakeFirst();
    },
  };
}
