import { sql, type Kysely } from 'kysely';

/**
 * A teacher's one public reply to a written review. Both columns are set together, once:
 * the check keeps a reply from existing without the moment it was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table teacher_reviews add column reply text, add column replied_at timestamptz`.execute(db);
  await sql`
    alter table teacher_reviews add constraint teacher_reviews_reply_check
    check ((reply is null) = (replied_at is null) and (reply is null or char_length(reply) between 1 and 1000))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table teacher_reviews drop constraint if exists teacher_reviews_reply_check`.execute(db);
  await sql`alter table teacher_reviews drop column if exists replied_at, drop column if exists reply`.execute(db);
}
