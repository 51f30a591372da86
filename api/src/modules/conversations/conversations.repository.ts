import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConversationParty, ConversationSubject } from '@kalike/shared/domain/conversation-rules';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** An enquiry or an enrolment with its two sides, as a thread needs them. */
export interface SubjectRow {
  subject: ConversationSubject;
  id: string;
  learner_account_id: string;
  teacher_id: string;
  learner_user_id: string;
  teacher_user_id: string | null;
  learner_name: string;
  /** The learner account's own name (checked as a person's name when saved); empty until the account is completed. */
  learner_account_name: string;
  teacher_name: string;
  title: string;
  /** The enquiry's state or the batch student's status. */
  status: string;
  /** The enquiry became an enrolment (always true for an enrolment). */
  enrolled: boolean;
  /** The enquiry's own message, and when it was sent; null for an enrolment. */
  opening_message: string | null;
  opened_at: Date;
}

export interface MessageRow {
  id: string;
  author_party: ConversationParty;
  body: string;
  created_at: Date;
}

export interface OpeningEventRow {
  id: string;
  actor: 'learner' | 'teacher' | 'system';
  message: string | null;
  created_at: Date;
}

/** The teacher's user: the person signed in with that teacher profile. */
const teacherUser = (teacherColumn: 'e.teacher_id' | 'l.teacher_id') =>
  sql<string | null>`(select u.id from users u where u.teacher_id = ${sql.ref(teacherColumn)} order by u.created_at limit 1)`;

/** The enquiry or enrolment a thread is on, with its two sides. */
function subjectQueries(db: Db) {
  return {
    findEnquirySubject(id: string): Promise<SubjectRow | undefined> {
      return db
        .selectFrom('enquiries as e')
        .innerJoin('teachers as t', 't.id', 'e.teacher_id')
        .innerJoin('teacher_listings as l', 'l.id', 'e.listing_id')
        .innerJoin('learner_accounts as la', 'la.id', 'e.learner_account_id')
        .select([
          sql<ConversationSubject>`'enquiry'`.as('subject'),
          'e.id',
          'e.learner_account_id',
          'e.teacher_id',
          'la.user_id as learner_user_id',
          teacherUser('e.teacher_id').as('teacher_user_id'),
          'e.contact_name as learner_name',
          'la.name as learner_account_name',
          't.name as teacher_name',
          'l.title as title',
          'e.state as status',
          sql<boolean>`e.batch_student_id is not null`.as('enrolled'),
          'e.message as opening_message',
          'e.created_at as opened_at',
        ])
        .where('e.id', '=', id)
        .executeTakeFirst();
    },

    findEnrolmentSubject(id: string): Promise<SubjectRow | undefined> {
      return db
        .selectFrom('batch_students as bs')
        .innerJoin('batches as b', 'b.id', 'bs.batch_id')
        .innerJoin('programs as p', 'p.id', 'b.program_id')
        .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
        .innerJoin('teachers as t', 't.id', 'l.teacher_id')
        .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
        .leftJoin('students as s', 's.id', 'bs.student_id')
        .select([
          sql<ConversationSubject>`'enrolment'`.as('subject'),
          'bs.id',
          'bs.learner_account_id',
          'l.teacher_id',
          'la.user_id as learner_user_id',
          teacherUser('l.teacher_id').as('teacher_user_id'),
          sql<string>`coalesce(nullif(la.name, ''), s.name, 'The family')`.as('learner_name'),
          'la.name as learner_account_name',
          't.name as teacher_name',
          sql<string>`p.name || ' · ' || b.name || coalesce(' · ' || s.name, '')`.as('title'),
          'bs.status as status',
          sql<boolean>`true`.as('enrolled'),
          sql<string | null>`null`.as('opening_message'),
          'bs.created_at as opened_at',
        ])
        .where('bs.id', '=', id)
        .executeTakeFirst();
    },

    /** The enquiry's moves that carried words from one side (a reply, an offer's note, a reason). */
    findOpeningEvents(enquiryId: string): Promise<OpeningEventRow[]> {
      return db
        .selectFrom('enquiry_events')
        .select([sql<string>`id::text`.as('id'), 'actor', 'message', 'created_at'])
        .where('enquiry_id', '=', enquiryId)
        .where('message', 'is not', null)
        .where('actor', '!=', 'system')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
  };
}

/** Threads, their messages and read marks. */
function threadQueries(db: Db) {
  const findThreadId = (subject: ConversationSubject, subjectId: string): Promise<string | undefined> =>
    db
      .selectFrom('conversation_threads')
      .select('id')
      .where(subject === 'enquiry' ? 'enquiry_id' : 'batch_student_id', '=', subjectId)
      .executeTakeFirst()
      .then((row) => row?.id);

  return {
    findThreadId,

    /** The thread of a subject, made the first time it is needed (two callers at once get the same one). */
    async ensureThread(subject: ConversationSubject, subjectId: string, at: Date): Promise<string> {
      const column = subject === 'enquiry' ? 'enquiry_id' : 'batch_student_id';
      await db
        .insertInto('conversation_threads')
        .values({ [column]: subjectId, created_at: at })
        .onConflict((conflict) => conflict.column(column).doNothing())
        .execute();
      const id = await findThreadId(subject, subjectId);
      if (!id) throw new Error('Conversation thread was not written');
      return id;
    },

    /** The newest `limit` messages, oldest first. */
    async findMessages(threadId: string, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .selectFrom('conversation_messages')
        .select(['id', 'author_party', 'body', 'created_at'])
        .where('thread_id', '=', threadId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    findReads(threadId: string): Promise<{ party: ConversationParty; read_up_to: Date }[]> {
      return db.selectFrom('conversation_reads').select(['party', 'read_up_to']).where('thread_id', '=', threadId).execute();
    },

    countUnread(threadId: string, reader: ConversationParty, after: Date | null): Promise<number> {
      let query = db
        .selectFrom('conversation_messages')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('thread_id', '=', threadId)
        .where('author_party', '!=', reader);
      if (after) query = query.where('created_at', '>', after);
      return query.executeTakeFirstOrThrow().then((row) => Number(row.count));
    },

    hasOpenReport(threadId: string, party: ConversationParty): Promise<boolean> {
      return db
        .selectFrom('conversation_reports')
        .select('id')
        .where('thread_id', '=', threadId)
        .where('reporter_party', '=', party)
        .where('handled_at', 'is', null)
        .executeTakeFirst()
        .then(Boolean);
    },
  };
}

/** What a send or a report writes, and the hourly limit it checks first. */
function writingQueries(db: Db) {
  return {
    /** Holds the author's row until the transaction ends, so two sends at once count each other. */
    async lockAuthor(userId: string): Promise<void> {
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    countSentSince(userId: string, since: Date): Promise<number> {
      return db
        .selectFrom('conversation_messages')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('author_user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    },

    /** The oldest of the author's messages since `since`: when a place in the hourly limit frees up. */
    oldestSentSince(userId: string, since: Date): Promise<Date | undefined> {
      return db
        .selectFrom('conversation_messages')
        .select('created_at')
        .where('author_user_id', '=', userId)
        .where('created_at', '>', since)
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst()
        .then((row) => row?.created_at);
    },

    insertMessage(values: { threadId: string; authorUserId: string; party: ConversationParty; body: string; at: Date }): Promise<MessageRow> {
      return db
        .insertInto('conversation_messages')
        .values({ thread_id: values.threadId, author_user_id: values.authorUserId, author_party: values.party, body: values.body, created_at: values.at })
        .returning(['id', 'author_party', 'body', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** Read marks only move forward. */
    async markRead(threadId: string, party: ConversationParty, upTo: Date): Promise<Date> {
      const row = await db
        .insertInto('conversation_reads')
        .values({ thread_id: threadId, party, read_up_to: upTo })
        .onConflict((conflict) =>
          conflict.columns(['thread_id', 'party']).doUpdateSet({ read_up_to: sql`greatest(conversation_reads.read_up_to, excluded.read_up_to)` }),
        )
        .returning('read_up_to')
        .executeTakeFirstOrThrow();
      return row.read_up_to;
    },

    /** One open report per side: a second one while the first is open changes nothing. */
    async insertReport(values: { threadId: string; userId: string; party: ConversationParty; reason: string; at: Date }): Promise<Date> {
      await db
        .insertInto('conversation_reports')
        .values({ thread_id: values.threadId, reporter_user_id: values.userId, reporter_party: values.party, reason: values.reason, created_at: values.at })
        .onConflict((conflict) => conflict.columns(['thread_id', 'reporter_party']).where('handled_at', 'is', null).doNothing())
        .execute();
      const open = await db
        .selectFrom('conversation_reports')
        .select('created_at')
        .where('thread_id', '=', values.threadId)
        .where('reporter_party', '=', values.party)
        .where('handled_at', 'is', null)
        .executeTakeFirstOrThrow();
      return open.created_at;
    },
  };
}

/** Reading and writing threads, their messages, read marks and reports. */
export function conversationQueries(db: Db) {
  return { ...subjectQueries(db), ...threadQueries(db), ...writingQueries(db) };
}

export type ConversationQueries = ReturnType<typeof conversationQueries>;

/** The module's one entry to the database: plain reads, and a transaction for each write. */
export function createConversationsRepository(db: Kysely<Database>) {
  return {
    ...conversationQueries(db),
    /** `trx` is handed on for other modules' ports that write in the same transaction (notifications). */
    transaction<T>(work: (tx: ConversationQueries, trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(conversationQueries(trx), trx));
    },
  };
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
