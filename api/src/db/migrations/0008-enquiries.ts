import { sql, type Kysely } from 'kysely';

// The lists below are what the database accepted when this migration shipped; the lifecycle
// itself lives in shared/src/domain/enquiry-lifecycle.ts, and a later change to it needs a new
// migration rather than an edit here.
const states = `'sent', 'seen', 'responded', 'demo_offered', 'demo_booked', 'batch_offered', 'enrolled', 'declined', 'closed', 'expired'`;
const openStates = `'sent', 'seen', 'responded', 'demo_offered', 'demo_booked', 'batch_offered'`;
const actions = `'create', 'enrich', 'mark_seen', 'respond', 'propose_demo', 'offer_batch', 'decline', 'accept_demo', 'enrol', 'close', 'expire'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per submission key: a replay with the same key and body answers from `outcome`
  // (the enquiry ids in target order), and a different body under the same key is refused.
  await sql`
    create table enquiry_requests (
      id uuid primary key default gen_random_uuid(),
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      idempotency_key text not null,
      request_hash text not null,
      outcome jsonb not null default '[]'::jsonb,
      created_at timestamptz not null,
      unique (learner_account_id, idempotency_key)
    )`.execute(db);

  await sql`
    create table enquiries (
      id uuid primary key default gen_random_uuid(),
      request_id uuid not null references enquiry_requests (id) on delete cascade,
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      teacher_id uuid not null references teachers (id) on delete cascade,
      listing_id uuid not null references teacher_listings (id) on delete cascade,
      program_id uuid references programs (id) on delete set null,
      student_id uuid references students (id) on delete set null,
      state text not null check (state in (${sql.raw(states)})),
      contact_name text not null,
      contact_phone text not null,
      alternate_phone text check (alternate_phone ~ '^\\+91[6-9][0-9]{9}$'),
      preferred_days smallint[] not null check (cardinality(preferred_days) > 0 and preferred_days <@ '{1,2,3,4,5,6,7}'::smallint[]),
      preferred_times text[] not null check (cardinality(preferred_times) > 0 and preferred_times <@ '{morning,afternoon,evening}'::text[]),
      mode text not null check (mode in ('at_home', 'at_centre', 'apartment', 'online', 'any')),
      message text not null,
      ref_page text not null,
      ref_section text not null,
      student_age_years smallint check (student_age_years between 2 and 99),
      level text check (level in ('new', 'beginner', 'intermediate', 'advanced')),
      goals text,
      teacher_message text,
      offer_kind text check (offer_kind in ('demo', 'batch')),
      offer_batch_id uuid references batches (id),
      offer_session_id uuid references class_sessions (id),
      decline_reason text,
      close_reason text,
      batch_student_id uuid,
      respond_by timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((offer_kind is null) = (offer_batch_id is null)),
      check ((offer_session_id is not null) = (offer_kind is not distinct from 'demo'))
    )`.execute(db);
  // One open enquiry per learner and listing: concurrent submissions, and a second key for a
  // teacher already asked, meet here instead of creating a duplicate conversation.
  await sql`
    create unique index enquiries_open_per_listing_idx on enquiries (learner_account_id, listing_id)
    where state in (${sql.raw(openStates)})`.execute(db);
  await sql`create index enquiries_learner_created_idx on enquiries (learner_account_id, created_at desc, id desc)`.execute(db);
  await sql`create index enquiries_teacher_created_idx on enquiries (teacher_id, created_at desc, id desc)`.execute(db);
  await sql`create index enquiries_request_id_idx on enquiries (request_id)`.execute(db);
  // The expiry sweep reads only unanswered enquiries, in deadline order.
  await sql`create index enquiries_respond_by_idx on enquiries (respond_by) where state in ('sent', 'seen')`.execute(db);

  // The identity column orders events written within the same instant (a test clock, or two
  // moves in one request), which created_at alone cannot.
  await sql`
    create table enquiry_events (
      id bigint generated always as identity primary key,
      enquiry_id uuid not null references enquiries (id) on delete cascade,
      action text not null check (action in (${sql.raw(actions)})),
      from_state text check (from_state in (${sql.raw(states)})),
      to_state text not null check (to_state in (${sql.raw(states)})),
      actor text not null check (actor in ('learner', 'teacher', 'system')),
      actor_user_id uuid references users (id) on delete set null,
      message text,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index enquiry_events_enquiry_id_idx on enquiry_events (enquiry_id, created_at, id)`.execute(db);

  // A place in a batch; the payments flow charges these. seats_taken on the batch counts them
  // and is raised in the same transaction as the insert.
  await sql`
    create table batch_students (
      id uuid primary key default gen_random_uuid(),
      batch_id uuid not null references batches (id),
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      student_id uuid references students (id) on delete set null,
      enquiry_id uuid unique references enquiries (id) on delete set null,
      status text not null default 'enrolled' check (status in ('enrolled', 'active', 'left')),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index batch_students_batch_id_idx on batch_students (batch_id)`.execute(db);
  await sql`create index batch_students_learner_account_id_idx on batch_students (learner_account_id)`.execute(db);
  await sql`
    alter table enquiries
      add constraint enquiries_batch_student_id_fkey foreign key (batch_student_id) references batch_students (id),
      add constraint enquiries_enrolled_has_batch_student check (state <> 'enrolled' or batch_student_id is not null)`.execute(db);

  // Transactional outbox: a message is written in the transaction that makes it true and sent
  // later by the relay, so a rolled-back change never texts anyone and a send failure never
  // loses the message.
  await sql`
    create table message_outbox (
      id uuid primary key default gen_random_uuid(),
      channel text not null default 'sms' check (channel in ('sms')),
      to_phone text not null,
      body text not null,
      enquiry_id uuid references enquiries (id) on delete set null,
      kind text not null,
      created_at timestamptz not null,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      sent_at timestamptz,
      last_error text
    )`.execute(db);
  await sql`create index message_outbox_pending_idx on message_outbox (next_attempt_at) where sent_at is null`.execute(db);
  await sql`create index message_outbox_enquiry_id_idx on message_outbox (enquiry_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table if exists enquiries drop constraint if exists enquiries_batch_student_id_fkey`.execute(db);
  await sql`drop table if exists message_outbox, batch_students, enquiry_events, enquiries, enquiry_requests`.execute(db);
}
