import { sql, type Kysely } from 'kysely';

/**
 * Codes that confirm an action of a signed-in person (changing where payouts go, deleting the
 * account) live beside sign-in codes, so one number's texts are limited together whatever they
 * are for. A sign-in code has no purpose and no user; an action code has both, and is only ever
 * accepted for that person and that purpose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table otp_requests add column purpose text, add column user_id uuid references users (id) on delete cascade`.execute(db);
  await sql`alter table otp_requests add constraint otp_requests_action_has_user check ((purpose is null) = (user_id is null))`.execute(db);
  await sql`create index otp_requests_action_idx on otp_requests (user_id, purpose) where purpose is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists otp_requests_action_idx`.execute(db);
  await sql`alter table otp_requests drop constraint if exists otp_requests_action_has_user`.execute(db);
  await sql`alter table otp_requests drop column if exists user_id, drop column if exists purpose`.execute(db);
}
