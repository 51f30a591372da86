import { istDateKey } from '@kalike/shared/format/dates';
import { nextPackSlot } from '../class-packs/pack-queue';
import { paymentRequestMove } from '../lifecycle-moves';
import type { PaymentsQueries } from '../payments.repository';

/**
 * After a pack is paid: when the place may now take no other pack, the other ways still open to
 * buy one are closed in the same transaction, so the family cannot pay for a pack the rule
 * refuses. Open requests for a pack are withdrawn (their teacher reads why) with their open
 * checkouts; the family's own open checkouts for a pack or a plan change expire. A payment
 * arriving for one of those later is kept as credit, as for any expired order.
 */
export async function closeAsksBeyondLimit(tx: PaymentsQueries, batchStudentId: string, at: Date): Promise<void> {
  const place = await tx.places.find(batchStudentId);
  if (!place) return;
  const slot = nextPackSlot(await tx.packs.findOf(place.id), istDateKey(at), place.student_name ?? place.learner_name);
  if (slot.kind !== 'full') return;
  for (const id of await tx.requests.findOpenForPackOf(place)) {
    await tx.requests.lock(id);
    const request = await tx.requests.find(id);
    if (request?.status !== 'open') continue;
    paymentRequestMove('withdraw', request.status);
    await tx.requests.cancel(id, `Withdrawn when the family paid for another pack: ${slot.error.message}`);
    await tx.packs.expirePending(await tx.orders.expireOpenOfRequest(id, at), at);
  }
  const expired = await tx.orders.supersedeOpen(place.learner_account_id, { purposes: ['class_pack', 'change_plan'], batchStudentId: place.id }, at);
  await tx.packs.expirePending(expired, at);
}
