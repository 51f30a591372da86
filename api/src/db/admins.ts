import type { Kysely } from 'kysely';
import { normaliseIndianMobile } from '@kalike/shared/domain/indian-mobile';
import type { Database } from './schema';

export interface AdminChange {
  phone: string;
  /** False when the user already was (or already was not) an admin. */
  changed: boolean;
  /** Sign-ins ended by a removal (every one the person had open); 0 otherwise. */
  signInsEnded: number;
}

/**
 * Makes the person with this number a Kalike admin, or takes it away. Only someone who has
 * signed in once can be made one, so the number is known to reach them. Admin routes read the
 * right from the database on every request, so either change holds on their next request. A
 * removal also ends every sign-in they have (as learner and as teacher), in the same
 * transaction: an access token or a refresh token taken from an admin's device stops working
 * at once. `acceptDemoNumbers` only for the local demo.
 */
export async function setAdmin(
  db: Kysely<Database>,
  input: string,
  isAdmin: boolean,
  rules = { acceptDemoNumbers: false },
  at: Date = new Date(),
): Promise<AdminChange> {
  const phone = normaliseIndianMobile(input, rules);
  if (!phone) throw new Error(`${input} is not an Indian mobile number`);
  return db.transaction().execute(async (tx) => {
    const user = await tx.selectFrom('users').select(['id', 'is_admin']).where('phone', '=', phone).forUpdate().executeTakeFirst();
    if (!user) throw new Error(`Nobody has signed in with ${phone} yet: sign in once on Kalike with it, then run this again`);
    if (user.is_admin === isAdmin) return { phone, changed: false, signInsEnded: 0 };
    await tx.updateTable('users').set({ is_admin: isAdmin }).where('id', '=', user.id).execute();
    if (isAdmin) return { phone, changed: true, signInsEnded: 0 };
    const ended = await tx
      .updateTable('refresh_token_families')
      .set({ revoked_at: at, revoked_reason: 'admin_removed' })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return { phone, changed: true, signInsEnded: Number(ended.numUpdatedRows) };
  });
}
