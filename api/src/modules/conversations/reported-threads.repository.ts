import { sql, type Kysely } from 'kysely';
import type { ConversationParty, ConversationSubject } from '@kalike/shared/domain/conversation-rules';
import type { Database } from '../../db/schema';

export interface ReportedThreadRow {
  id: string;
  subject: ConversationSubject;
  subject_id: string;
  title: string;
  learner_name: string;
  teacher_name: string;
  first_reported_at: Date;
}

export interface OpenReportRow {
  id: string;
  thread_id: string;
  reporter_party: ConversationParty;
  reporter_name: string;
  reason: string;
  created_at: Date;
}

export interface AdminMessageRow {
  id: string;
  thread_id: string;
  author_party: ConversationParty;
  body: string;
  created_at: Date;
}

/** Threads with an open report, the longest waiting first. */
function findReportedThreads(db: Kysely<Database>, limit: number): Promise<ReportedThreadRow[]> {
  return db
    .selectFrom('conversation_threads as ct')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('conversation_reports')
          .select(['thread_id', (agg) => agg.fn.min('created_at').as('first_reported_at')])
          .where('handled_at', 'is', null)
          .groupBy('thread_id')
          .as('r'),
      (join) => join.onRef('r.thread_id', '=', 'ct.id'),
    )
    .leftJoin('enquiries as e', 'e.id', 'ct.enquiry_id')
    .leftJoin('batch_students as bs', 'bs.id', 'ct.batch_student_id')
    .leftJoin('batches as b', 'b.id', 'bs.batch_id')
    .leftJoin('programs as p', 'p.id', 'b.program_id')
    .leftJoin('teacher_listings as l', (join) => join.on(sql<boolean>`l.id = coalesce(e.listing_id, p.listing_id)`))
    .leftJoin('teachers as t', 't.id', 'l.teacher_id')
    .leftJoin('learner_accounts as la', (join) => join.on(sql<boolean>`la.id = coalesce(e.learner_account_id, bs.learner_account_id)`))
    .select([
      'ct.id',
      sql<ConversationSubject>`case when ct.enquiry_id is not null then 'enquiry' else 'enrolment' end`.as('subject'),
      sql<string>`coalesce(ct.enquiry_id, ct.batch_student_id)`.as('subject_id'),
      sql<string>`case when ct.enquiry_id is not null then l.title else p.name || ' · ' || b.name end`.as('title'),
      sql<string>`coalesce(nullif(e.contact_name, ''), nullif(la.name, ''), 'A family')`.as('learner_name'),
      sql<string>`coalesce(t.name, 'A teacher')`.as('teacher_name'),
      sql<Date>`r.first_reported_at`.as('first_reported_at'),
    ])
    .orderBy('first_reported_at')
    .orderBy('ct.id')
    .limit(limit)
    .execute();
}

/** The admins' side: threads with open reports, read as written, and reports marked handled. */
export function createReportedThreadsRepository(db: Kysely<Database>) {
  return {
    findReportedThreads: (limit: number) => findReportedThreads(db, limit),

    findOpenReports(threadIds: readonly string[]): Promise<OpenReportRow[]> {
      if (threadIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('conversation_reports as r')
        .innerJoin('conversation_threads as ct', 'ct.id', 'r.thread_id')
        .leftJoin('enquiries as e', 'e.id', 'ct.enquiry_id')
        .leftJoin('learner_accounts as la', 'la.user_id', 'r.reporter_user_id')
        .leftJoin('users as u', 'u.id', 'r.reporter_user_id')
        .leftJoin('teachers as t', 't.id', 'u.teacher_id')
        .select([
          'r.id',
          'r.thread_id',
          'r.reporter_party',
          sql<string>`case when r.reporter_party = 'teacher' then coalesce(t.name, 'The teacher')
            else coalesce(nullif(la.name, ''), nullif(e.contact_name, ''), 'The family') end`.as('reporter_name'),
          'r.reason',
          'r.created_at',
        ])
        .where('r.thread_id', 'in', [...threadIds])
        .where('r.handled_at', 'is', null)
        .orderBy('r.created_at')
        .execute();
    },

    /** Up to `perThread` newest messages of each thread, oldest first. */
    findLatestMessages(threadIds: readonly string[], perThread: number): Promise<AdminMessageRow[]> {
      if (threadIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom((eb) =>
          eb
            .selectFrom('conversation_messages')
            .select([
              'id',
              'thread_id',
              'author_party',
              'body',
              'created_at',
              sql<number>`row_number() over (partition by thread_id order by created_at desc, id desc)`.as('position'),
            ])
            .where('thread_id', 'in', [...threadIds])
            .as('m'),
        )
        .select(['m.id', 'm.thread_id', 'm.author_party', 'm.body', 'm.created_at'])
        .where('m.position', '<=', perThread)
        .orderBy('m.created_at')
        .orderBy('m.id')
        .execute();
    },

    threadExists(id: string): Promise<boolean> {
      return db.selectFrom('conversation_threads').select('id').where('id', '=', id).executeTakeFirst().then(Boolean);
    },

    async resolve(threadId: string, adminUserId: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('conversation_reports')
        .set({ handled_at: at, handled_by_user_id: adminUserId })
        .where('thread_id', '=', threadId)
        .where('handled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type ReportedThreadsRepository = ReturnType<typeof createReportedThreadsRepository>;
