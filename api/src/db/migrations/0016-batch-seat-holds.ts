import { sql, type Kysely } from 'kysely';

/**
 * A seat is taken only with something the teacher issued, and held only briefly until paid:
 * - `batch_invitations`: a teacher's expiring, revocable link into one of their batches. Only
 *   a SHA-256 of the token is stored, so the table never holds a usable link; `uses` counts
 *   the seats it gave and `max_uses` may cap them;
 * - a batch student joined by such a link is `held` until `hold_expires_at`; paying makes it
 *   `active`, and an unpaid hold becomes `released`, giving its seat back
 *   (shared/src/domain/batch-student-lifecycle.ts). The deadline is kept once paid, so the
 *   rows say when a seat was held.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table batch_invitations (
      id uuid primary key default gen_random_uuid(),
      batch_id uuid not null references batches (id) on delete cascade,
      teacher_id uuid not null references teachers (id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      max_uses integer check (max_uses is null or max_uses > 0),
      uses integer not null default 0 check (uses >= 0 and (max_uses is null or uses <= max_uses)),
      revoked_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index batch_invitations_batch_id_idx on batch_invitations (batch_id, created_at)`.execute(db);

  // The status check of 0008 was unnamed; it is found by what it says.
  const { rows } = await sql<{ conname: string; definition: string }>`
    select conname, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'batch_students'::regclass and contype = 'c'`.execute(db);
  for (const { conname } of rows.filter(({ definition }) => /\bstatus\b/.test(definition))) {
    await sql`alter table batch_students drop constraint ${sql.id(conname)}`.execute(db);
  }
  await sql`
    alter table batch_students
      add column hold_expires_at timestamptz,
      add column batch_invitation_id uuid references batch_invitations (id) on delete set null,
      add constraint batch_students_status_check check (status in ('held', 'enrolled', 'active', 'released', 'left')),
      add constraint batch_students_held_has_deadline check (status <> 'held' or hold_expires_at is not null)`.execute(db);
  // The sweep and the seat count look for holds; the join limits count a learner's recent ones.
  await sql`create index batch_students_held_idx on batch_students (batch_id, hold_expires_at) where status = 'held'`.execute(db);
  await sql`create index batch_students_learner_holds_idx on batch_students (learner_account_id, created_at) where hold_expires_at is not null`.execute(db);
}
