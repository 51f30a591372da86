import { sql, type Kysely } from 'kysely';

/**
 * Notifications: one in-app row per (person, event), written in the transaction that makes the
 * event true, and one delivery per outside channel (SMS, WhatsApp, push) the person wants it on,
 * each sent exactly once by the relay. Preferences override the catalogue's defaults per kind
 * and channel; consents are an append-only log of when and how a person gave or withdrew
 * consent to a channel and the words they were shown. Push subscriptions are the browsers a
 * person allowed to receive pushes; whatsapp_outbox is the local stand-in's record of messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notifications (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      audience text not null check (audience in ('learner', 'teacher')),
      kind text not null check (length(kind) between 1 and 64),
      params jsonb not null check (jsonb_typeof(params) = 'object'),
      event_key text not null check (length(event_key) between 1 and 300),
      link text not null,
      created_at timestamptz not null,
      read_at timestamptz,
      valid_until timestamptz,
      withdrawn_at timestamptz,
      unique (user_id, event_key)
    )`.execute(db);
  // The centre's list and unread count: a person's rows of one audience, newest first.
  await sql`create index notifications_list_idx on notifications (user_id, audience, created_at desc, id desc) where withdrawn_at is null`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id, audience) where read_at is null and withdrawn_at is null`.execute(db);

  await sql`
    create table notification_deliveries (
      id uuid primary key default gen_random_uuid(),
      notification_id uuid not null references notifications (id) on delete cascade,
      channel text not null check (channel in ('sms', 'whatsapp', 'push')),
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'skipped', 'cancelled')),
      not_before timestamptz not null,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      claim_token text,
      sent_at timestamptz,
      last_error text,
      created_at timestamptz not null,
      unique (notification_id, channel),
      check ((status = 'sent') = (sent_at is not null))
    )`.execute(db);
  await sql`create index notification_deliveries_due_idx on notification_deliveries (next_attempt_at) where status = 'pending'`.execute(db);

  await sql`
    create table notification_preferences (
      user_id uuid not null references users (id) on delete cascade,
      kind text not null,
      channel text not null check (channel in ('sms', 'whatsapp', 'push')),
      enabled boolean not null,
      updated_at timestamptz not null,
      primary key (user_id, kind, channel)
    )`.execute(db);

  await sql`
    create table notification_consents (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      channel text not null check (channel in ('sms', 'whatsapp', 'push')),
      given boolean not null,
      how text not null check (how in ('settings_page', 'sign_up', 'push_prompt')),
      shown_text text not null check (length(shown_text) between 1 and 1000),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index notification_consents_latest_idx on notification_consents (user_id, channel, created_at desc, id desc)`.execute(db);

  await sql`
    create table push_subscriptions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      endpoint text not null unique check (length(endpoint) between 1 and 2000),
      p256dh text not null,
      auth text not null,
      created_at timestamptz not null,
      last_success_at timestamptz,
      gone_at timestamptz
    )`.execute(db);
  await sql`create index push_subscriptions_live_idx on push_subscriptions (user_id) where gone_at is null`.execute(db);

  await sql`
    create table whatsapp_outbox (
      id uuid primary key default gen_random_uuid(),
      to_phone text not null,
      template text not null,
      params jsonb not null,
      body text not null,
      created_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index whatsapp_outbox_phone_idx on whatsapp_outbox (to_phone, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'whatsapp_outbox',
    'push_subscriptions',
    'notification_consents',
    'notification_preferences',
    'notification_deliveries',
    'notifications',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
