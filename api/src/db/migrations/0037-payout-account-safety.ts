import { sql, type Kysely } from 'kysely';

/**
 * Payout destinations that cannot be swapped quietly:
 *
 * - `payout_accounts` learns when its destination was added or changed (`changed_at`) and until
 *   when payouts to it are held (`held_until`, the cooling-off), and a fourth verification
 *   state, `review`: the bank's name did not match the teacher's, so no payout goes to it
 *   until an admin approves it (`reviewed_by`, `reviewed_at`, `review_reason`).
 * - `payout_audit_events`: every payout (created, paid, failed, held) and every change of a
 *   payout account (requested, added, changed, verified, failed, held for review, approved,
 *   rejected), with who, when and the destination masked. Rows are only ever added: a trigger
 *   refuses updates (deleting a teacher still removes theirs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payout_accounts drop constraint payout_accounts_verification_check`.execute(db);
  await sql`alter table payout_accounts add constraint payout_accounts_verification_check check (verification in ('pending', 'verified', 'review', 'failed'))`.execute(
    db,
  );
  await sql`alter table payout_accounts add column changed_at timestamptz`.execute(db);
  await sql`update payout_accounts set changed_at = updated_at`.execute(db);
  await sql`alter table payout_accounts alter column changed_at set not null`.execute(db);
  await sql`alter table payout_accounts add column held_until timestamptz`.execute(db);
  await sql`alter table payout_accounts add column reviewed_by uuid references users (id) on delete set null`.execute(db);
  await sql`alter table payout_accounts add column reviewed_at timestamptz`.execute(db);
  await sql`alter table payout_accounts add column review_reason text check (length(review_reason) between 1 and 500)`.execute(db);
  // The admin queue reads accounts awaiting review, oldest change first.
  await sql`create index payout_accounts_review_idx on payout_accounts (changed_at) where verification = 'review'`.execute(db);

  await sql`
    create table payout_audit_events (
      id uuid primary key default gen_random_uuid(),
      -- The order rows were written in, even within one instant.
      seq integer generated always as identity unique,
      teacher_id uuid not null references teachers (id) on delete cascade,
      event text not null check (event in (
        'account_change_requested', 'account_added', 'account_changed', 'account_verified', 'account_failed',
        'account_held_for_review', 'account_approved', 'account_rejected',
        'payout_created', 'payout_paid', 'payout_failed', 'payout_held'
      )),
      actor text not null check (actor in ('teacher', 'admin', 'system', 'provider')),
      actor_user_id uuid references users (id) on delete set null,
      destination text not null,
      payout_id uuid references payouts (id) on delete cascade,
      amount_paise integer check (amount_paise >= 0),
      detail text check (length(detail) <= 500),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index payout_audit_events_teacher_idx on payout_audit_events (teacher_id, seq desc)`.execute(db);
  await sql`
    create function payout_audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'payout_audit_events is append-only';
    end
    $$`.execute(db);
  await sql`
    create trigger payout_audit_events_no_update before update on payout_audit_events
    for each row execute function payout_audit_events_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists payout_audit_events`.execute(db);
  await sql`drop function if exists payout_audit_events_append_only()`.execute(db);
  await sql`drop index if exists payout_accounts_review_idx`.execute(db);
  await sql`update payout_accounts set verification = 'pending' where verification = 'review'`.execute(db);
  await sql`alter table payout_accounts drop column review_reason, drop column reviewed_at, drop column reviewed_by, drop column held_until, drop column changed_at`.execute(
    db,
  );
  await sql`alter table payout_accounts drop constraint payout_accounts_verification_check`.execute(db);
  await sql`alter table payout_accounts add constraint payout_accounts_verification_check check (verification in ('pending', 'verified', 'failed'))`.execute(
    db,
  );
}
