import { invitationTokenHash } from '../../../modules/payments/invitations/invitations.service';
import { wellKnownTeacher } from '../accounts';
import { wellKnownBatchInvitation } from '../payments';
import type { PaymentsSeedContext } from './payments-seed-context';

/** The teacher of the day's invitation to their first batch; returns how many were written. */
export async function seedBatchInvitation({ db, daysAgo }: PaymentsSeedContext, batches: readonly { id: string; teacherId: string }[]): Promise<number> {
  const teacherOfTheDay = await db.selectFrom('users').select('teacher_id').where('phone', '=', wellKnownTeacher.phone).executeTakeFirst();
  const invitedBatch = batches.find((batch) => batch.teacherId === teacherOfTheDay?.teacher_id);
  if (invitedBatch && teacherOfTheDay?.teacher_id) {
    await db
      .insertInto('batch_invitations')
      .values({
        id: wellKnownBatchInvitation.id,
        batch_id: invitedBatch.id,
        teacher_id: teacherOfTheDay.teacher_id,
        token_hash: invitationTokenHash(wellKnownBatchInvitation.token),
        // Long-lived: the demo's calendar moves with its anchor day.
        expires_at: daysAgo(-365),
        created_at: daysAgo(1),
      })
      .execute();
  }
  return invitedBatch ? 1 : 0;
}
