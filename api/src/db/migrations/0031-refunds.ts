import { sql, type Kysely } from 'kysely';

/**
 * Money going back: refunds (to the original payment method through the gateway, or as Kalike
 * credit), GST credit notes with their own number series, reports that a class did not happen,
 * the sandbox gateway's own record of the refunds it was asked for, and packs that can be
 * cancelled. A refund row is written with its idempotency key before the gateway is called,
 * so a retry after a crash sends the same key and the money goes back once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table refunds (
      id uuid primary key default gen_random_uuid(),
      learner_account_id uuid not null references learner_accounts (id),
      batch_student_id uuid references batch_students (id),
      batch_student_plan_id uuid references batch_student_plans (id),
      order_id uuid references orders (id),
      payment_id uuid references payments (id),
      amount_paise integer not null check (amount_paise > 0),
      classes integer not null default 0 check (classes >= 0),
      method text not null check (method in ('original', 'credit')),
      reason_kind text not null check (reason_kind in ('family_cancelled', 'teacher_ended', 'admin', 'class_not_held')),
      reason text not null check (length(reason) between 1 and 500),
      actor_kind text not null check (actor_kind in ('learner', 'teacher', 'admin')),
      actor_user_id uuid not null references users (id),
      gateway text check (gateway in ('sandbox', 'razorpay')),
      gateway_refund_id text,
      idempotency_key text not null unique,
      request_hash text not null,
      status text not null check (status in ('pending', 'succeeded', 'failed')),
      failure_reason text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      settled_at timestamptz,
      check (method = 'credit' or (payment_id is not null and gateway is not null)),
      check (method = 'original' or status = 'succeeded'),
      check ((status = 'pending') = (settled_at is null))
    )`.execute(db);
  await sql`create index refunds_learner_idx on refunds (learner_account_id, created_at desc)`.execute(db);
  await sql`create index refunds_pending_idx on refunds (created_at) where status = 'pending'`.execute(db);
  await sql`create unique index refunds_gateway_refund_idx on refunds (gateway, gateway_refund_id) where gateway_refund_id is not null`.execute(db);

  await sql`alter table ledger_entries add column refund_id uuid references refunds (id)`.execute(db);
  await sql`create index ledger_entries_refund_idx on ledger_entries (refund_id) where refund_id is not null`.execute(db);

  // Credit note numbers run per financial year without gaps, like receipt numbers.
  await sql`
    create table credit_note_sequences (
      financial_year text primary key,
      last_number integer not null
    )`.execute(db);
  await sql`
    create table credit_notes (
      id uuid primary key default gen_random_uuid(),
      refund_id uuid not null unique references refunds (id),
      number text not null unique check (length(number) <= 16),
      order_id uuid not null references orders (id),
      invoice_number text not null,
      total_paise integer not null check (total_paise > 0),
      taxable_paise integer not null check (taxable_paise >= 0),
      cgst_paise integer not null check (cgst_paise >= 0),
      sgst_paise integer not null check (sgst_paise = cgst_paise),
      token text not null unique,
      issued_at timestamptz not null,
      check (taxable_paise + cgst_paise + sgst_paise = total_paise)
    )`.execute(db);

  await sql`
    create table class_not_held_reports (
      id uuid primary key default gen_random_uuid(),
      learner_account_id uuid not null references learner_accounts (id),
      batch_student_id uuid not null references batch_students (id),
      session_id uuid not null references class_sessions (id),
      note text not null default '' check (length(note) <= 500),
      status text not null check (status in ('open', 'refunded', 'dismissed')),
      refund_id uuid references refunds (id),
      resolved_by uuid references users (id),
      resolution text,
      created_at timestamptz not null,
      resolved_at timestamptz,
      unique (batch_student_id, session_id)
    )`.execute(db);

  await sql`
    create table sandbox_refunds (
      id text primary key,
      idempotency_key text not null unique,
      gateway_payment_id text not null,
      amount_paise integer not null check (amount_paise > 0),
      status text not null check (status in ('pending', 'processed', 'failed')),
      created_at timestamptz not null
    )`.execute(db);

  await rewritePackStatuses(db, (statuses) => statuses.add('cancelled'));
}

/**
 * Rewrites the class packs' status check with `change` applied to the statuses it allows, read
 * from the check itself, so statuses other migrations added are kept.
 */
async function rewritePackStatuses(db: Kysely<unknown>, change: (statuses: Set<string>) => void): Promise<void> {
  const checks = await sql<{ name: string; definition: string }>`
    select conname as name, pg_get_constraintdef(oid) as definition
    from pg_constraint
    where conrelid = 'batch_student_plans'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%status%pending_payment%'`.execute(db);
  const statuses = new Set<string>();
  for (const check of checks.rows) {
    for (const match of check.definition.matchAll(/'([a-z_]+)'/g)) if (match[1]) statuses.add(match[1]);
    await sql`alter table batch_student_plans drop constraint ${sql.id(check.name)}`.execute(db);
  }
  change(statuses);
  const list = [...statuses].map((status) => `'${status}'`).join(', ');
  await sql`alter table batch_student_plans add constraint batch_student_plans_status_check check (status in (${sql.raw(list)}))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update batch_student_plans set status = 'replaced' where status = 'cancelled'`.execute(db);
  await rewritePackStatuses(db, (statuses) => statuses.delete('cancelled'));
  await sql`alter table ledger_entries drop column if exists refund_id`.execute(db);
  await sql`drop table if exists sandbox_refunds, class_not_held_reports, credit_notes, credit_note_sequences, refunds`.execute(db);
}
