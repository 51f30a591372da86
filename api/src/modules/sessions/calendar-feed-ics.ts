import ical, { ICalEventStatus } from 'ical-generator';
import type { SessionPlace } from '@kalike/shared/contracts/sessions';
import type { CalendarFeedAudience } from '@kalike/shared/domain/calendar-feed-values';
import type { FeedSessionRow } from './calendar-feeds.repository';

/** One class as a feed lists it, already worded for its audience. */
export interface FeedEvent {
  session: FeedSessionRow;
  summary: string;
  place: SessionPlace;
  teacherName: string;
  batchName: string;
  programName: string;
  /** Where in the app to see it. */
  url: string;
}

const calendarNames: Record<CalendarFeedAudience, string> = { learner: 'Kalike classes', teacher: 'Kalike teaching' };

function locationOf(place: SessionPlace): string {
  if (place.kind === 'online') return place.joinUrl ?? 'Online';
  return place.address;
}

function descriptionOf(event: FeedEvent): string {
  const { session, place } = event;
  const lines = [`${event.programName}, ${event.batchName}`, `Teacher: ${event.teacherName}`];
  if (session.status === 'cancelled') lines.unshift(`Cancelled${session.cancel_reason ? `: ${session.cancel_reason}` : ''}`);
  if (place.kind === 'online') lines.push(place.joinUrl ? `Join: ${place.joinUrl}` : 'The online room opens here once a class pack is in use.');
  else lines.push(`Map: ${place.mapUrl}`);
  lines.push(`In Kalike: ${event.url}`);
  return lines.join('\n');
}

/**
 * The feed as RFC 5545 text. Each class keeps its UID (`<session id>@kalike.in`, as the one-off
 * file has), so a calendar that subscribed updates the event in place: a cancelled class (by
 * the teacher or a holiday) comes with STATUS:CANCELLED and a higher SEQUENCE, and LAST-MODIFIED
 * is when the session last changed.
 */
export function calendarFeedText(audience: CalendarFeedAudience, events: readonly FeedEvent[], now: Date): string {
  const calendar = ical({
    name: calendarNames[audience],
    prodId: { company: 'Kalike', product: 'class-calendar', language: 'EN' },
    // Calendar apps that honour it poll hourly; classes rarely change faster.
    ttl: 60 * 60,
  });
  for (const event of events) {
    const { session } = event;
    const cancelled = session.status === 'cancelled';
    calendar.createEvent({
      id: `${session.id}@kalike.in`,
      start: new Date(session.starts_at),
      end: new Date(session.ends_at),
      stamp: now,
      summary: cancelled ? `Cancelled: ${event.summary}` : event.summary,
      location: locationOf(event.place),
      description: descriptionOf(event),
      url: event.url,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: cancelled ? 1 : 0,
      lastModified: new Date(session.cancelled_at ?? session.created_at),
    });
  }
  return calendar.toString();
}
