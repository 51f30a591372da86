import { sql, type Kysely } from 'kysely';

/**
 * Every money action a Kalike admin takes (refunding a reported class, dismissing a report,
 * refunding a class, a pack or an amount), written in the same transaction as the action, so
 * the log holds exactly the actions that happened: who, when, what, on which pack, report or
 * refund, how much, and why.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table admin_money_actions (
      id uuid primary key default gen_random_uuid(),
      admin_user_id uuid not null references users (id),
      kind text not null check (kind in ('class_refund', 'pack_refund', 'amount_refund', 'report_refunded', 'report_dismissed')),
      learner_account_id uuid not null references learner_accounts (id),
      batch_student_plan_id uuid references batch_student_plans (id),
      report_id uuid references class_not_held_reports (id),
      refund_id uuid references refunds (id),
      amount_paise integer not null check (amount_paise >= 0),
      reason text not null check (length(reason) between 1 and 500),
      idempotency_key text unique,
      created_at timestamptz not null,
      check (kind not in ('report_refunded', 'report_dismissed') or report_id is not null),
      check (kind = 'report_dismissed' or amount_paise > 0)
    )`.execute(db);
  await sql`create index admin_money_actions_created_idx on admin_money_actions (created_at desc)`.execute(db);
  // The admin queue reads open reports oldest first.
  await sql`create index class_not_held_reports_open_idx on class_not_held_reports (created_at) where status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists class_not_held_reports_open_idx`.execute(db);
  await sql`drop table if exists admin_money_actions`.execute(db);
}
