import type { NotificationEvent } from '../../notifications/notifications.port';
import type { PaymentsQueries } from '../payments.repository';
import type { BatchStudentRow } from '../places/places.repository';

type PackKind = 'pack.one_left' | 'pack.used_up' | 'pack.queued';

/** The names every pack notice uses: the student, the program and batch, and the place its link opens. */
export function packNames(place: BatchStudentRow) {
  return {
    programName: place.program_name,
    batchName: place.batch_name,
    studentName: place.student_name ?? place.learner_name,
    batchStudentId: place.id,
  };
}

/** A notice about one pack, once per pack: a pack has one last class, is used up once, and is queued once. */
export function packNotice(kind: PackKind, place: BatchStudentRow, packId: string, at: Date): NotificationEvent<PackKind> {
  return { kind, userId: place.learner_user_id, params: packNames(place), eventKey: `${kind}:${packId}`, at };
}

/** What is left in a pack after a class came out of it: one class, or none. */
export async function noticeClassesLeft(
  tx: Pick<PaymentsQueries, 'places' | 'notifications'>,
  batchStudentId: string,
  pack: { id: string; classesLeftBefore: number },
  at: Date,
): Promise<void> {
  const left = pack.classesLeftBefore - 1;
  if (left !== 1 && left !== 0) return;
  const place = await tx.places.find(batchStudentId);
  if (!place) return;
  await tx.notifications.notify(packNotice(left === 1 ? 'pack.one_left' : 'pack.used_up', place, pack.id, at));
}
