import { istDateKey } from '@kalike/shared/format/dates';

import { joinNames } from '../../../utils/people';
import { safeExternalUrl } from '../../../utils/safe-links';
import { buildCalendarFile } from './calendar-file';
import type { SessionEntry } from './session-days';

/** The calendar file of one session; its UID stays the same however often it is added. */
export function sessionCalendarFile(entry: SessionEntry, now: Date): { fileName: string; text: string } {
  const { session, batch, students } = entry;
  const { place } = batch;
  const online = place.kind === 'online';
  const joinUrl = online ? safeExternalUrl(place.joinUrl) : null;
  const description = [
    `Teacher: ${batch.teacher.name}`,
    students.length > 0 ? `For ${joinNames(students.map((student) => student.name))}` : null,
    `Batch: ${batch.name}`,
    online ? (joinUrl ? `Join: ${joinUrl}` : 'The link to join comes before class in the Kalike app.') : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  const text = buildCalendarFile(
    {
      uid: `${session.id}@kalike.in`,
      start: session.startTime,
      end: session.endTime,
      summary: `${batch.programName} (${batch.name})`,
      description,
      location: online ? 'Online' : place.address,
      geo: online ? undefined : { lat: place.lat, lng: place.lng },
      url: joinUrl ?? undefined,
      status: session.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    },
    now,
  );
  const slug =
    batch.programName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'class';
  return { fileName: `kalike-${slug}-${istDateKey(session.startTime)}.ics`, text };
}
