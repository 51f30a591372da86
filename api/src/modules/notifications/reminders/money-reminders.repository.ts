import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** An open payment request with the family it asks and the names a reminder uses. */
export interface OpenRequestRow {
  id: string;
  due_on: string;
  amount_paise: number;
  /** The family's account holder: the batch student's account, else the account of the number asked. */
  user_id: string;
  teacher_name: string;
  student_name: string;
}

/**
 * Open requests, each with its family's account holder. A request sent to a number that has no
 * account yet reaches nobody in the app; its text went out when it was made.
 */
function openRequests(db: Kysely<Database>) {
  return db
    .selectFrom('payment_requests as pr')
    .innerJoin('teachers as t', 't.id', 'pr.teacher_id')
    .leftJoin('batch_students as bs', 'bs.id', 'pr.batch_student_id')
    .leftJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
    .leftJoin('users as pu', 'pu.phone', 'pr.learner_phone')
    .select([
      'pr.id',
      sql<string>`to_char(pr.due_on, 'YYYY-MM-DD')`.as('due_on'),
      'pr.amount_paise',
      sql<string>`coalesce(la.user_id, pu.id)`.as('user_id'),
      't.name as teacher_name',
      'pr.student_name',
    ])
    .where('pr.status', '=', 'open')
    .where(sql<boolean>`coalesce(la.user_id, pu.id) is not null`);
}

/** The reads the reminders sweep makes about money owed. */
export function moneyReminderQueries(db: Kysely<Database>) {
  return {
    /** Open requests due on a day in [from, until], a page at a time after `afterId` (index on open requests' due day). */
    openDueBetween(from: string, until: string, afterId: string | null, limit: number): Promise<OpenRequestRow[]> {
      let query = openRequests(db).where('pr.due_on', '>=', from).where('pr.due_on', '<=', until);
      if (afterId) query = query.where('pr.id', '>', afterId);
      return query.orderBy('pr.id').limit(limit).execute();
    },

    /** Is the request still open and still due on that day (a teacher may cancel it; a payment completes it)? */
    async isOpenDueOn(requestId: string, dueOn: string): Promise<boolean> {
      const row = await openRequests(db).where('pr.id', '=', requestId).where('pr.due_on', '=', dueOn).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type MoneyReminderQueries = ReturnType<typeof moneyReminderQueries>;
