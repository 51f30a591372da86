import type { DateKey } from '@kalike/shared/format/dates';
import { databaseOfHandle, type TransactionHandle } from '../../../shared/transactional-repository';
import type { EnrolmentsPort } from '../../enrolments/enrolments.port';
import { createPaymentsRepository, type PaymentsQueries } from '../payments.repository';
import type { LostClass, LostClassGivenBack } from '../payments.port';
import { packNames } from './pack-notices';
import { rechainPlace } from './pack-dates';
import { usablePacksInOrder } from './packs';

const dayCount = (from: DateKey, until: DateKey): number => Math.round((Date.parse(until) - Date.parse(from)) / 86_400_000);

/** The family hears the pack's new last day, once per lost class. */
async function noticeExtended(
  tx: PaymentsQueries,
  given: { placeId: string; packId: string; sessionId: string; validUntil: DateKey },
  at: Date,
): Promise<void> {
  const place = await tx.places.find(given.placeId);
  if (!place) return;
  await tx.notifications.notify({
    kind: 'pack.extended',
    userId: place.learner_user_id,
    params: { ...packNames(place), validUntil: given.validUntil },
    eventKey: `pack.extended:${given.packId}:${given.sessionId}`,
    at,
  });
}

/**
 * A class the teacher called off (on its own or for a holiday) is given back to every place in
 * the batch whose pack covers that day with classes left: the pack's last day moves to the
 * batch's next class after it, so the family really gets one more class, and the packs waiting
 * behind it move by the same days. Once per session and place: a repeat gives nothing more.
 */
async function giveBack(tx: PaymentsQueries, lost: LostClass, at: Date): Promise<LostClassGivenBack[]> {
  const given: LostClassGivenBack[] = [];
  for (const place of await tx.places.findCurrentOfBatches([lost.batchId])) {
    await tx.places.lock(place.id);
    const [pack] = usablePacksInOrder(await tx.packs.findOf(place.id), lost.day);
    if (!pack?.valid_until) continue;
    // No class after it (the batch ends): nothing to move the day to; the class is the refunds' to settle.
    const nextClass = lost.nextClassAfter(pack.valid_until);
    if (nextClass === null || nextClass <= pack.valid_until) continue;
    const days = dayCount(pack.valid_until, nextClass);
    if (!(await tx.packDates.insertExtension({ batchStudentId: place.id, packId: pack.id, sessionId: lost.sessionId, days, at }))) continue;
    await tx.packDates.extend(pack.id, days, nextClass, at);
    await rechainPlace(tx, place.id, at);
    await noticeExtended(tx, { placeId: place.id, packId: pack.id, sessionId: lost.sessionId, validUntil: nextClass }, at);
    given.push({ batchStudentId: place.id, packId: pack.id, days, validUntil: nextClass });
  }
  return given;
}

/** What payments offers sessions for lost classes, inside the caller's transaction. */
export function createLostClasses({ enrolments, now }: { enrolments: EnrolmentsPort; now: () => Date }) {
  return {
    giveBackWithin(handle: TransactionHandle, lost: LostClass): Promise<LostClassGivenBack[]> {
      return giveBack(createPaymentsRepository(databaseOfHandle(handle), enrolments), lost, now());
    },
  };
}
