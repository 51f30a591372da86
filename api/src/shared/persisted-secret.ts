import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A secret nobody configured (local runs, the payments sandbox): 32 random bytes made the first
 * time it is asked for and kept in `auth_secrets`, so restarts and every instance on the same
 * database read the same one. When two instances start at once, the first insert wins and both
 * read that row.
 */
export async function persistedSecret(db: Kysely<Database>, name: string): Promise<string> {
  await db
    .insertInto('auth_secrets')
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('auth_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return row.secret;
}
