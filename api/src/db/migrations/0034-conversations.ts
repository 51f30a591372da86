import { sql, type Kysely } from 'kysely';

/**
 * Conversations between a family and a teacher: one thread per enquiry or per enrolment
 * (batch student), made when its first message, read mark or report is written. The enquiry's
 * own words (the learner's message, the teacher's replies) stay where they are and open the
 * thread when it is read, so nothing is stored twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table conversation_threads (
      id uuid primary key default gen_random_uuid(),
      enquiry_id uuid unique references enquiries (id) on delete cascade,
      batch_student_id uuid unique references batch_students (id) on delete cascade,
      created_at timestamptz not null,
      check ((enquiry_id is null) <> (batch_student_id is null))
    )`.execute(db);
  await sql`
    create table conversation_messages (
      id uuid primary key default gen_random_uuid(),
      thread_id uuid not null references conversation_threads (id) on delete cascade,
      author_user_id uuid not null references users (id),
      author_party text not null check (author_party in ('learner', 'teacher')),
      body text not null check (length(body) between 1 and 2000),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index conversation_messages_thread_idx on conversation_messages (thread_id, created_at, id)`.execute(db);
  // The hourly limit counts one author's messages across every thread.
  await sql`create index conversation_messages_author_idx on conversation_messages (author_user_id, created_at)`.execute(db);
  await sql`
    create table conversation_reads (
      thread_id uuid not null references conversation_threads (id) on delete cascade,
      party text not null check (party in ('learner', 'teacher')),
      read_up_to timestamptz not null,
      primary key (thread_id, party)
    )`.execute(db);
  await sql`
    create table conversation_reports (
      id uuid primary key default gen_random_uuid(),
      thread_id uuid not null references conversation_threads (id) on delete cascade,
      reporter_user_id uuid not null references users (id),
      reporter_party text not null check (reporter_party in ('learner', 'teacher')),
      reason text not null check (length(reason) between 1 and 500),
      created_at timestamptz not null,
      handled_at timestamptz,
      handled_by_user_id uuid references users (id),
      check ((handled_at is null) = (handled_by_user_id is null))
    )`.execute(db);
  // One open report per side and thread; the admins' list reads the open ones oldest first.
  await sql`create unique index conversation_reports_open_idx on conversation_reports (thread_id, reporter_party) where handled_at is null`.execute(db);
  await sql`create index conversation_reports_queue_idx on conversation_reports (created_at) where handled_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists conversation_reports`.execute(db);
  await sql`drop table if exists conversation_reads`.execute(db);
  await sql`drop table if exists conversation_messages`.execute(db);
  await sql`drop table if exists conversation_threads`.execute(db);
}
