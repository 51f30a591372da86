import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { payoutAccountCoolingOffHours } from '@kalike/shared/domain/payout-lifecycle';
import type { Database } from '../db/schema';
import { actionConfirmation } from './sign-in';

/**
 * A teacher's payout account added through the real route (a code read from the SMS outbox, the
 * provider's check, the notice), then dated back by the cooling-off: an account the teacher
 * added long ago, for tests about money rather than about changing accounts.
 */
export async function payoutAccountAddedLongAgo(
  app: FastifyInstance,
  db: Kysely<Database>,
  input: { phone: string; accessToken: string; remoteAddress: string; body: object },
): Promise<void> {
  const confirmation = await actionConfirmation(app, input.accessToken, input.phone, 'payout-account', input.remoteAddress);
  const response = await app.inject({
    method: 'PUT',
    url: '/v1/payments/teacher/payout-account',
    headers: { authorization: `Bearer ${input.accessToken}` },
    payload: { ...input.body, confirmation },
    remoteAddress: input.remoteAddress,
  });
  if (response.statusCode !== 200) throw new Error(`Saving the payout account failed: ${response.body}`);
  const { teacher_id: teacherId } = await db.selectFrom('users').select('teacher_id').where('phone', '=', input.phone).executeTakeFirstOrThrow();
  const account = await db
    .selectFrom('payout_accounts')
    .select('changed_at')
    .where('teacher_id', '=', teacherId ?? '')
    .executeTakeFirstOrThrow();
  const changed = new Date(account.changed_at);
  await db
    .updateTable('payout_accounts')
    .set({ changed_at: new Date(changed.getTime() - payoutAccountCoolingOffHours * 3_600_000), held_until: changed })
    .where('teacher_id', '=', teacherId ?? '')
    .execute();
}
