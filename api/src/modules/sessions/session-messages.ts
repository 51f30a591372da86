import { formatLongDayWithYear, formatTime, istDateKey } from '@kalike/shared/format/dates';
import type { OutgoingMessage } from '../messaging/messaging.port';
import type { FamilyMemberRow } from './session-rows';

/** A family with a place in the batch: one text each, naming every child it concerns. */
export interface Family {
  phone: string;
  names: string[];
}

export interface BatchNames {
  teacherName: string;
  programName: string;
  batchName: string;
}

/** "Tuesday, 3 June 2025 at 5:00 pm" for an instant, spelled out in IST: a text is read on a phone whatever its time zone. */
export function istDateTimeText(at: Date): string {
  const iso = at.toISOString();
  return `${formatLongDayWithYear(istDateKey(iso))} at ${formatTime(iso)}`;
}

/** "Monday, 9 June 2025" for an IST calendar day. */
export function dayText(day: string): string {
  return formatLongDayWithYear(day);
}

function together(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Batch students grouped by the phone of their family, in the order given. */
export function familiesOf(members: readonly FamilyMemberRow[]): Family[] {
  const byAccount = new Map<string, Family>();
  for (const member of members) {
    const family = byAccount.get(member.learner_account_id) ?? { phone: member.phone, names: [] };
    if (!family.names.includes(member.name)) family.names.push(member.name);
    byAccount.set(member.learner_account_id, family);
  }
  return [...byAccount.values()];
}

// The teacher's reason is shown in the app, never put in a text: a text from Kalike carries no
// one's own words.

export function sessionCancelledMessage(family: Family, batch: BatchNames, startsAt: Date): OutgoingMessage {
  return {
    toPhone: family.phone,
    body:
      `Kalike: ${batch.teacherName} has cancelled the ${batch.programName} class (${batch.batchName}) on ${istDateTimeText(startsAt)} ` +
      `for ${together(family.names)}. No class is taken from your pack for it. The reason is with your sessions on Kalike.`,
    kind: 'session.cancelled',
    enquiryId: null,
  };
}

export function holidayMessage(family: Family, batch: BatchNames, holiday: { startsOn: string; endsOn: string }): OutgoingMessage {
  const days = holiday.startsOn === holiday.endsOn ? `on ${dayText(holiday.startsOn)}` : `from ${dayText(holiday.startsOn)} to ${dayText(holiday.endsOn)}`;
  return {
    toPhone: family.phone,
    body:
      `Kalike: no ${batch.programName} classes (${batch.batchName}) with ${batch.teacherName} ${days} for ${together(family.names)}. ` +
      'See your sessions on Kalike.',
    kind: 'session.holiday',
    enquiryId: null,
  };
}

export function extraClassMessage(family: Family, batch: BatchNames, startsAt: Date): OutgoingMessage {
  return {
    toPhone: family.phone,
    body:
      `Kalike: ${batch.teacherName} has added an extra ${batch.programName} class (${batch.batchName}) on ${istDateTimeText(startsAt)} ` +
      `for ${together(family.names)}. See your sessions on Kalike.`,
    kind: 'session.extra',
    enquiryId: null,
  };
}
