import { sql, type Kysely } from 'kysely';

/**
 * Payouts to teachers: the account each is paid to (only what payouts need: the last four
 * digits of a bank account, never the whole number), the payouts with one idempotency key per
 * teacher and period, the teacher's side of the ledger (a payout's amount leaving, and coming
 * back when it fails), and the offline sandbox's record of the transfers it was asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payout_accounts (
      teacher_id uuid primary key references teachers(id) on delete cascade,
      kind text not null check (kind in ('bank', 'upi')),
      holder_name text,
      account_last4 text check (account_last4 ~ '^[0-9]{4}$'),
      ifsc text check (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
      upi_id text,
      verification text not null default 'pending' check (verification in ('pending', 'verified', 'failed')),
      failure_reason text,
      name_at_bank text,
      provider text not null check (provider in ('sandbox', 'razorpay')),
      provider_account_id text,
      updated_at timestamptz not null,
      verified_at timestamptz,
      check ((kind = 'bank') = (holder_name is not null and account_last4 is not null and ifsc is not null and upi_id is null)),
      check ((kind = 'upi') = (upi_id is not null and holder_name is null and account_last4 is null and ifsc is null)),
      check (verification <> 'verified' or provider_account_id is not null),
      check ((verification = 'failed') = (failure_reason is not null))
    )`.execute(db);

  await sql`
    create table payouts (
      id uuid primary key default gen_random_uuid(),
      teacher_id uuid not null references teachers(id) on delete cascade,
      idempotency_key text not null unique,
      trigger text not null check (trigger in ('schedule', 'teacher')),
      amount_paise integer not null check (amount_paise > 0),
      status text not null check (status in ('created', 'processing', 'paid', 'failed')),
      provider text not null check (provider in ('sandbox', 'razorpay')),
      provider_account_id text not null,
      account_kind text not null check (account_kind in ('bank', 'upi')),
      account_label text not null,
      provider_payout_id text unique,
      failure_reason text,
      created_at timestamptz not null,
      paid_at timestamptz,
      updated_at timestamptz not null,
      check ((status = 'failed') = (failure_reason is not null)),
      check ((status = 'paid') = (paid_at is not null))
    )`.execute(db);
  await sql`create index payouts_teacher_created on payouts (teacher_id, created_at desc)`.execute(db);
  await sql`create index payouts_in_flight on payouts (status) where status in ('created', 'processing')`.execute(db);

  await sql`
    create table payout_ledger_entries (
      id uuid primary key default gen_random_uuid(),
      teacher_id uuid not null references teachers(id) on delete cascade,
      payout_id uuid not null references payouts(id) on delete cascade,
      kind text not null check (kind in ('payout', 'payout_reversal')),
      amount_paise integer not null,
      created_at timestamptz not null,
      unique (payout_id, kind),
      check ((kind = 'payout' and amount_paise < 0) or (kind = 'payout_reversal' and amount_paise > 0))
    )`.execute(db);
  await sql`create index payout_ledger_entries_teacher on payout_ledger_entries (teacher_id)`.execute(db);

  await sql`
    create table payout_sandbox_transfers (
      id text primary key,
      idempotency_key text not null unique,
      fund_account_id text not null,
      amount_paise integer not null check (amount_paise > 0),
      created_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists payout_sandbox_transfers`.execute(db);
  await sql`drop table if exists payout_ledger_entries`.execute(db);
  await sql`drop table if exists payouts`.execute(db);
  await sql`drop table if exists payout_accounts`.execute(db);
}
