import { sql, type Kysely } from 'kysely';

// Every ledger kind the database accepts after this migration: the list of 0009 plus
// `class_returned`. A later migration changing the check must keep every kind here.
const ledgerKinds = `'payment', 'class_pack_purchase', 'class_consumed', 'settlement', 'refund', 'adjustment', 'class_returned'`;
const ledgerKindsBefore = `'payment', 'class_pack_purchase', 'class_consumed', 'settlement', 'refund', 'adjustment'`;

/**
 * A register mark can be corrected for a short while. Present → absent gives the class back
 * with a `class_returned` entry that answers exactly one consumption; absent → present
 * consumes again, answering that return. `answers_entry_id` chains a session's entries for
 * one place: each entry is answered at most once, so a class is never given back twice and
 * a return is never consumed twice. Every change of a mark is kept with who made it and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check check (kind in (${sql.raw(ledgerKinds)}))`.execute(db);
  await sql`alter table ledger_entries add column answers_entry_id uuid references ledger_entries (id)`.execute(db);
  await sql`
    alter table ledger_entries
      add constraint ledger_entries_class_returned_shape check (
        kind <> 'class_returned' or (answers_entry_id is not null and session_id is not null and classes_delta in (0, 1) and amount_paise >= 0)
      ),
      add constraint ledger_entries_answers_kind check (answers_entry_id is null or kind in ('class_consumed', 'class_returned'))`.execute(db);
  await sql`create unique index ledger_entries_answers_idx on ledger_entries (answers_entry_id) where answers_entry_id is not null`.execute(db);
  // The first consumption of a session stays unique per place; one after a return answers
  // that return instead, and the index above keeps it to one.
  await sql`drop index if exists ledger_entries_consumed_session_idx`.execute(db);
  await sql`
    create unique index ledger_entries_consumed_session_idx on ledger_entries (batch_student_id, session_id)
    where kind = 'class_consumed' and session_id is not null and answers_entry_id is null`.execute(db);

  await sql`
    create table session_attendance_changes (
      id uuid primary key default gen_random_uuid(),
      session_id uuid not null,
      batch_student_id uuid not null,
      from_status text not null check (from_status in ('attended', 'missed')),
      to_status text not null check (to_status in ('attended', 'missed') and to_status <> from_status),
      ledger_entry_id uuid references ledger_entries (id),
      changed_by_teacher_id uuid not null references teachers (id),
      changed_at timestamptz not null,
      foreign key (session_id, batch_student_id) references session_attendance (session_id, batch_student_id) on delete cascade
    )`.execute(db);
  await sql`create index session_attendance_changes_mark_idx on session_attendance_changes (session_id, batch_student_id, changed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists session_attendance_changes`.execute(db);
  // Going back loses corrections: a mark pointing at a consumption made after a return points
  // at the session's first consumption again, and the returns and later consumptions go.
  await sql`
    update session_attendance sa set ledger_entry_id = first.id
    from ledger_entries later
    join ledger_entries first on first.batch_student_id = later.batch_student_id and first.session_id = later.session_id
      and first.kind = 'class_consumed' and first.answers_entry_id is null
    where sa.ledger_entry_id = later.id and later.answers_entry_id is not null`.execute(db);
  await sql`delete from ledger_entries where kind = 'class_returned' or answers_entry_id is not null`.execute(db);
  await sql`drop index if exists ledger_entries_consumed_session_idx`.execute(db);
  await sql`
    create unique index ledger_entries_consumed_session_idx on ledger_entries (batch_student_id, session_id)
    where kind = 'class_consumed' and session_id is not null`.execute(db);
  await sql`drop index if exists ledger_entries_answers_idx`.execute(db);
  await sql`
    alter table ledger_entries
      drop constraint if exists ledger_entries_answers_kind,
      drop constraint if exists ledger_entries_class_returned_shape,
      drop column if exists answers_entry_id`.execute(db);
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check check (kind in (${sql.raw(ledgerKindsBefore)}))`.execute(db);
}
