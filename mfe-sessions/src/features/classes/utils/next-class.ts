import type { LearnerBalances } from '@kalike/shared/contracts/payments';
import type { Session, SessionPlace, UpcomingSessions } from '@kalike/shared/contracts/sessions';

/** An enrolment's next class and where it meets; null when its batch has none in the window read. */
export type NextClass = { session: Session; place: SessionPlace } | null;

/** The first class of the place's batch still to come (not called off), from the family's upcoming sessions. */
export function nextClassOf(upcoming: UpcomingSessions, batchStudentId: string, nowMs: number): NextClass {
  const batch = upcoming.batches.find((entry) => entry.students.some((student) => student.batchStudentId === batchStudentId))?.batch;
  const session = batch?.sessions
    .filter((entry) => entry.status === 'scheduled' && Date.parse(entry.endTime) > nowMs)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))[0];
  return batch && session ? { session, place: batch.place } : null;
}

type BatchPlace = LearnerBalances['balances'][number]['batchStudent']['batch']['place'];

/** Where the class meets, in a few words: the address, "Online", or the family's home. */
export function placeText(place: SessionPlace | BatchPlace): string {
  if (place.kind === 'online') return 'Online';
  if (place.kind === 'learner_home') return 'At your home';
  return 'address' in place ? place.address : place.name;
}
