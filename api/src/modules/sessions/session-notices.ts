import { addDaysToDateKey, istDayStart } from '@kalike/shared/format/dates';
import type { NotificationEvent } from '../notifications/notifications.port';
import type { FamilyMemberRow } from './session-rows';

/** A family with a place in the batch: one notice each, naming every child it concerns. */
export interface Family {
  userId: string;
  names: string[];
}

export interface BatchNames {
  teacherName: string;
  programName: string;
  batchName: string;
}

/** Batch students grouped by their family's account holder, in the order given. */
export function familiesOf(members: readonly FamilyMemberRow[]): Family[] {
  const byAccount = new Map<string, Family>();
  for (const member of members) {
    const family = byAccount.get(member.learner_account_id) ?? { userId: member.user_id, names: [] };
    if (!family.names.includes(member.name)) family.names.push(member.name);
    byAccount.set(member.learner_account_id, family);
  }
  return [...byAccount.values()];
}

// The teacher's reason is shown in the app, never put in a notice: a text from Kalike carries no
// one's own words.

/** One class called off or added: its family hears once, until the class's time (after it, a text about it is no use). */
export function classChangeNotice<K extends 'class.cancelled' | 'class.extra'>(
  kind: K,
  family: Family,
  batch: BatchNames,
  session: { id: string; startsAt: Date },
  at: Date,
): NotificationEvent<K> {
  return {
    kind,
    userId: family.userId,
    params: { ...batch, startsAt: session.startsAt.toISOString(), studentNames: family.names, sessionId: session.id } as NotificationEvent<K>['params'],
    eventKey: `${kind}:${session.id}:${family.userId}`,
    at,
    validUntil: session.startsAt,
  };
}

export function holidayNotice(
  family: Family,
  batch: BatchNames,
  holiday: { id: string; startsOn: string; endsOn: string },
  at: Date,
): NotificationEvent<'class.holiday'> {
  return {
    kind: 'class.holiday',
    userId: family.userId,
    params: { ...batch, startsOn: holiday.startsOn, endsOn: holiday.endsOn, studentNames: family.names },
    eventKey: `class.holiday:${holiday.id}:${family.userId}`,
    at,
    validUntil: istDayStart(addDaysToDateKey(holiday.endsOn, 1)),
  };
}
