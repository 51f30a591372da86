import { sql, type Kysely } from 'kysely';

/**
 * Taking away someone's admin right, and deleting an account, end every sign-in the person has,
 * at once: their sign-ins are revoked with a reason of their own, so a support reader can tell
 * them from a logout or a stolen refresh token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refresh_token_families drop constraint refresh_token_families_revoked_reason_check`.execute(db);
  await sql`
    alter table refresh_token_families add constraint refresh_token_families_revoked_reason_check
      check (revoked_reason in ('logout', 'reuse', 'admin_removed', 'account_erased'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The earlier rule has no word for it; such a sign-in stays ended, as by a logout.
  await sql`update refresh_token_families set revoked_reason = 'logout' where revoked_reason in ('admin_removed', 'account_erased')`.execute(db);
  await sql`alter table refresh_token_families drop constraint refresh_token_families_revoked_reason_check`.execute(db);
  await sql`
    alter table refresh_token_families add constraint refresh_token_families_revoked_reason_check
      check (revoked_reason in ('logout', 'reuse'))`.execute(db);
}
