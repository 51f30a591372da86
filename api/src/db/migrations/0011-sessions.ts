import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A batch may end, and an online batch has a room to join.
  await sql`
    alter table batches
      add column ends_on date,
      add column online_link text,
      add constraint batches_ends_after_start check (ends_on is null or ends_on >= starts_on),
      add constraint batches_online_link_only_online check (online_link is null or place = 'online'),
      add constraint batches_online_link_https check (online_link is null or online_link ~ '^https://')`.execute(db);

  // A holiday covers whole IST days of one batch: its sessions are cancelled, later ones never scheduled.
  await sql`
    create table batch_holidays (
      id uuid primary key default gen_random_uuid(),
      batch_id uuid not null references batches (id) on delete cascade,
      starts_on date not null,
      ends_on date not null,
      reason text not null,
      created_at timestamptz not null,
      check (ends_on >= starts_on)
    )`.execute(db);
  await sql`create index batch_holidays_batch_id_idx on batch_holidays (batch_id, starts_on)`.execute(db);

  // Each session is one day of its batch's schedule: generating the schedule twice adds nothing.
  await sql`
    alter table class_sessions
      add column occurs_on date,
      add column cancel_reason text,
      add column cancelled_at timestamptz,
      add column holiday_id uuid references batch_holidays (id) on delete set null`.execute(db);
  await sql`update class_sessions set occurs_on = (starts_at at time zone 'Asia/Kolkata')::date`.execute(db);
  await sql`
    update class_sessions set cancelled_at = starts_at - interval '1 day', cancel_reason = 'Cancelled by the teacher'
    where status = 'cancelled'`.execute(db);
  await sql`alter table class_sessions alter column occurs_on set not null`.execute(db);
  await sql`
    alter table class_sessions
      add constraint class_sessions_batch_day_key unique (batch_id, occurs_on),
      add constraint class_sessions_cancelled_has_time check ((status = 'cancelled') = (cancelled_at is not null))`.execute(db);

  // Attendance is marked once per student and session; an attended class points at the ledger
  // entry that consumed it, so the pack balance is never a counter of its own.
  await sql`
    create table session_attendance (
      session_id uuid not null references class_sessions (id) on delete cascade,
      batch_student_id uuid not null references batch_students (id) on delete cascade,
      status text not null check (status in ('attended', 'missed')),
      ledger_entry_id uuid references ledger_entries (id),
      marked_by_teacher_id uuid not null references teachers (id),
      marked_at timestamptz not null,
      primary key (session_id, batch_student_id),
      check ((status = 'attended') = (ledger_entry_id is not null))
    )`.execute(db);
  await sql`create index session_attendance_batch_student_idx on session_attendance (batch_student_id, status)`.execute(db);

  // One survey per attended session and student; the foreign key means no attendance, no survey.
  await sql`
    create table session_surveys (
      id uuid primary key default gen_random_uuid(),
      session_id uuid not null,
      batch_student_id uuid not null,
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      rating smallint not null check (rating between 1 and 5),
      comment text,
      review_id uuid references teacher_reviews (id) on delete set null,
      created_at timestamptz not null,
      unique (session_id, batch_student_id),
      foreign key (session_id, batch_student_id) references session_attendance (session_id, batch_student_id) on delete cascade
    )`.execute(db);
  await sql`create index session_surveys_learner_idx on session_surveys (learner_account_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists session_surveys, session_attendance`.execute(db);
  await sql`
    alter table class_sessions
      drop constraint if exists class_sessions_cancelled_has_time,
      drop constraint if exists class_sessions_batch_day_key,
      drop column if exists holiday_id,
      drop column if exists cancelled_at,
      drop column if exists cancel_reason,
      drop column if exists occurs_on`.execute(db);
  await sql`drop table if exists batch_holidays`.execute(db);
  await sql`
    alter table batches
      drop constraint if exists batches_online_link_https,
      drop constraint if exists batches_online_link_only_online,
      drop constraint if exists batches_ends_after_start,
      drop column if exists online_link,
      drop column if exists ends_on`.execute(db);
}
