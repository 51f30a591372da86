import type { Kysely } from 'kysely';
import { normaliseIndianMobile } from '@kalike/shared/domain/indian-mobile';
import type { Database } from './schema';

export interface AdminChange {
  phone: string;
  /** False when the user already was (or already was not) an admin. */
  changed: boolean;
}

/**
 * Makes the person with this number a Kalike admin, or takes it away. Only someone who has
 * signed in once can be made one, so the number is known to reach them. Their next access
 * token carries it (at the latest after one refresh, 15 minutes); removing it takes effect the
 * same way. `acceptDemoNumbers` only for the local demo.
 */
export async function setAdmin(db: Kysely<Database>, input: string, isAdmin: boolean, rules = { acceptDemoNumbers: false }): Promise<AdminChange> {
  const phone = normaliseIndianMobile(input, rules);
  if (!phone) throw new Error(`${input} is not an Indian mobile number`);
  const user = await db.selectFrom('users').select(['id', 'is_admin']).where('phone', '=', phone).executeTakeFirst();
  if (!user) throw new Error(`Nobody has signed in with ${phone} yet: sign in once on Kalike with it, then run this again`);
  if (user.is_admin === isAdmin) return { phone, changed: false };
  await db.updateTable('users').set({ is_admin: isAdmin }).where('id', '=', user.id).execute();
  return { phone, changed: true };
}
