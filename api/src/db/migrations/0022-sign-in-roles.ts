import { sql, type Kysely } from 'kysely';

/**
 * One phone may be both a learner and a teacher: the role belongs to a sign-in (the refresh
 * token family), not to the phone, so a refresh keeps it and logging out of one role leaves
 * the other signed in. Existing sign-ins keep the role their tokens were issued with, which
 * came from `users.user_type`.
 *
 * A teacher who joins may say where they teach from; the locality is kept on the teacher so
 * their first listing can start from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refresh_token_families add column role text`.execute(db);
  await sql`update refresh_token_families f set role = u.user_type from users u where u.id = f.user_id`.execute(db);
  await sql`alter table refresh_token_families alter column role set not null`.execute(db);
  await sql`alter table refresh_token_families add constraint refresh_token_families_role_check check (role in ('Learner', 'Teacher'))`.execute(db);

  await sql`alter table teachers add column locality_id uuid references localities (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table teachers drop column if exists locality_id`.execute(db);
  await sql`alter table refresh_token_families drop column if exists role`.execute(db);
}
