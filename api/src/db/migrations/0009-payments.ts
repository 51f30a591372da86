import { sql, type Kysely } from 'kysely';

// The value lists below are what the database accepted when this migration shipped; they
// mirror shared/src/domain/payment-values.ts, and a later change there needs a new migration.
const purposes = `'class_pack', 'settlement', 'change_plan', 'payment_request', 'payment_link', 'ledger_payment'`;
const orderStatuses = `'created', 'attempted', 'paid', 'expired'`;
const gateways = `'sandbox', 'razorpay'`;
const outcomes = `'success', 'failure', 'abandoned'`;
const ledgerKinds = `'payment', 'class_pack_purchase', 'class_consumed', 'settlement', 'refund', 'adjustment'`;
const packStatuses = `'pending_payment', 'active', 'used_up', 'expired', 'replaced'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table coupons (
      id uuid primary key default gen_random_uuid(),
      code text not null unique check (code ~ '^[A-Z0-9]{4,20}$'),
      kind text not null check (kind in ('percent', 'flat')),
      value integer not null check (value > 0),
      valid_from timestamptz not null,
      valid_until timestamptz not null,
      max_uses_total integer check (max_uses_total > 0),
      max_uses_per_learner integer check (max_uses_per_learner > 0),
      min_amount_paise integer not null default 0 check (min_amount_paise >= 0),
      description text not null,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      check (kind <> 'percent' or value <= 100),
      check (valid_until > valid_from)
    )`.execute(db);

  // One code per learner account; it gives a new learner a discount on their first class pack.
  await sql`
    create table referral_codes (
      id uuid primary key default gen_random_uuid(),
      learner_account_id uuid not null unique references learner_accounts (id) on delete cascade,
      code text not null unique check (code ~ '^[A-Z0-9]{6,12}$'),
      created_at timestamptz not null default now()
    )`.execute(db);

  // A class pack bought (or being bought) for a batch student. Classes left are never stored:
  // they are the sum of the pack's ledger entries. price/classes/validity are copies of the
  // plan at purchase, so a later change to the teacher's price list rewrites nothing.
  await sql`
    create table batch_student_plans (
      id uuid primary key default gen_random_uuid(),
      batch_student_id uuid not null references batch_students (id) on delete cascade,
      class_pack_plan_id uuid not null references class_pack_plans (id),
      classes_total integer not null check (classes_total > 0),
      price_paise integer not null check (price_paise >= 0),
      validity_days integer not null check (validity_days > 0),
      paid_paise integer not null default 0 check (paid_paise >= 0),
      status text not null check (status in (${sql.raw(packStatuses)})),
      valid_from date,
      valid_until date,
      -- A plan change that needed no payment keeps the caller's key here for replays.
      idempotency_key text,
      request_hash text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      -- Orders packs bought within the same instant (a test clock, one transaction).
      seq bigint generated always as identity,
      check ((valid_from is null) = (valid_until is null)),
      check (valid_until is null or valid_until >= valid_from),
      check (status = 'pending_payment' or status = 'expired' or valid_from is not null),
      unique (batch_student_id, idempotency_key)
    )`.execute(db);
  await sql`create index batch_student_plans_batch_student_idx on batch_student_plans (batch_student_id, created_at desc)`.execute(db);

  await sql`
    create table payment_links (
      id uuid primary key default gen_random_uuid(),
      teacher_id uuid not null references teachers (id),
      learner_phone text not null check (learner_phone ~ '^\\+91[6-9][0-9]{9}$'),
      batch_student_id uuid references batch_students (id) on delete set null,
      amount_paise integer not null check (amount_paise >= 100),
      description text not null,
      status text not null default 'issued' check (status in ('issued', 'paid', 'cancelled', 'expired')),
      expires_at timestamptz not null,
      paid_at timestamptz,
      created_at timestamptz not null,
      check ((status = 'paid') = (paid_at is not null))
    )`.execute(db);
  await sql`create index payment_links_teacher_idx on payment_links (teacher_id, created_at desc)`.execute(db);

  // An order is one attempt to collect a server-computed amount. The idempotency key is
  // unique per learner, so a retried or double-clicked request finds the order it made.
  await sql`
    create table orders (
      id uuid primary key,
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      purpose text not null check (purpose in (${sql.raw(purposes)})),
      batch_student_id uuid references batch_students (id),
      batch_student_plan_id uuid references batch_student_plans (id),
      previous_plan_id uuid references batch_student_plans (id),
      payment_request_id uuid references payment_requests (id),
      payment_link_id uuid references payment_links (id),
      base_paise integer not null check (base_paise >= 0),
      coupon_discount_paise integer not null default 0 check (coupon_discount_paise >= 0),
      referral_discount_paise integer not null default 0 check (referral_discount_paise >= 0),
      credit_paise integer not null default 0 check (credit_paise >= 0),
      total_paise integer not null check (total_paise >= 100),
      taxable_paise integer not null check (taxable_paise >= 0),
      cgst_paise integer not null check (cgst_paise >= 0),
      sgst_paise integer not null check (sgst_paise >= 0),
      coupon_id uuid references coupons (id),
      referral_code_id uuid references referral_codes (id),
      description text not null,
      gateway text not null check (gateway in (${sql.raw(gateways)})),
      gateway_order_id text not null unique,
      status text not null default 'created' check (status in (${sql.raw(orderStatuses)})),
      last_outcome text check (last_outcome in (${sql.raw(outcomes)})),
      failure_reason text,
      idempotency_key text not null,
      request_hash text not null,
      receipt_number text unique,
      expires_at timestamptz not null,
      paid_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (learner_account_id, idempotency_key),
      check (total_paise = base_paise - coupon_discount_paise - referral_discount_paise),
      check (taxable_paise + cgst_paise + sgst_paise = total_paise),
      check ((status = 'paid') = (paid_at is not null)),
      check ((status = 'paid') = (receipt_number is not null))
    )`.execute(db);
  await sql`create index orders_learner_created_idx on orders (learner_account_id, created_at desc)`.execute(db);
  await sql`create index orders_batch_student_idx on orders (batch_student_id)`.execute(db);
  await sql`create index orders_open_expiry_idx on orders (expires_at) where status in ('created', 'attempted')`.execute(db);
  await sql`create index orders_coupon_idx on orders (coupon_id) where coupon_id is not null`.execute(db);

  // Receipt numbers run per financial year (April to March, IST) without gaps.
  await sql`
    create table receipt_sequences (
      financial_year text primary key,
      last_number integer not null
    )`.execute(db);

  await sql`
    create table payments (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders (id),
      gateway text not null check (gateway in (${sql.raw(gateways)})),
      gateway_payment_id text not null unique,
      status text not null check (status in ('captured', 'failed')),
      amount_paise integer not null check (amount_paise >= 0),
      method text,
      -- Why the payment did not buy what its order was for (order expired or already paid):
      -- its money is kept on the learner's ledger as credit.
      held_reason text,
      source text not null check (source in ('verify', 'webhook')),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index payments_order_idx on payments (order_id)`.execute(db);

  await sql`
    create table coupon_redemptions (
      id uuid primary key default gen_random_uuid(),
      coupon_id uuid not null references coupons (id),
      order_id uuid not null unique references orders (id),
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      discount_paise integer not null check (discount_paise >= 0),
      redeemed_at timestamptz not null
    )`.execute(db);
  await sql`create index coupon_redemptions_coupon_learner_idx on coupon_redemptions (coupon_id, learner_account_id)`.execute(db);

  // The ledger is the only record of money and classes: every balance is a sum over it.
  // Money into the learner's balance is positive, money owed negative.
  await sql`
    create table ledger_entries (
      id uuid primary key default gen_random_uuid(),
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      batch_student_id uuid references batch_students (id),
      kind text not null check (kind in (${sql.raw(ledgerKinds)})),
      amount_paise integer not null,
      classes_delta integer not null default 0,
      order_id uuid references orders (id),
      payment_id uuid references payments (id),
      batch_student_plan_id uuid references batch_student_plans (id),
      session_id uuid references class_sessions (id),
      description text not null,
      created_at timestamptz not null,
      seq bigint generated always as identity,
      check (kind <> 'payment' or (payment_id is not null and amount_paise > 0)),
      check (kind <> 'class_consumed' or classes_delta in (0, -1))
    )`.execute(db);
  // One payment can never be booked twice, whichever of verify and the webhook comes first.
  await sql`create unique index ledger_entries_kind_payment_idx on ledger_entries (kind, payment_id) where payment_id is not null`.execute(db);
  // A class is consumed once per batch student and session, however often attendance is sent.
  await sql`
    create unique index ledger_entries_consumed_session_idx on ledger_entries (batch_student_id, session_id)
    where kind = 'class_consumed' and session_id is not null`.execute(db);
  await sql`create index ledger_entries_batch_student_idx on ledger_entries (batch_student_id, seq)`.execute(db);
  await sql`create index ledger_entries_learner_idx on ledger_entries (learner_account_id, seq)`.execute(db);
  await sql`create index ledger_entries_plan_idx on ledger_entries (batch_student_plan_id) where batch_student_plan_id is not null`.execute(db);

  // Gateway events, kept once by event id: deliveries are at least once and in any order.
  await sql`
    create table webhook_events (
      id uuid primary key default gen_random_uuid(),
      gateway text not null check (gateway in (${sql.raw(gateways)})),
      event_id text not null,
      event_type text not null,
      received_at timestamptz not null,
      processed_at timestamptz,
      payload jsonb not null,
      unique (gateway, event_id)
    )`.execute(db);

  await sql`
    alter table payment_requests
      add column batch_student_id uuid references batch_students (id),
      add column paid_order_id uuid references orders (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table if exists payment_requests drop column if exists paid_order_id, drop column if exists batch_student_id`.execute(db);
  await sql`
    drop table if exists webhook_events, ledger_entries, coupon_redemptions, payments, receipt_sequences, orders,
      payment_links, batch_student_plans, referral_codes, coupons`.execute(db);
}
