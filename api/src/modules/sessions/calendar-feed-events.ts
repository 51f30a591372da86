import { calendarFeedWindow } from '@kalike/shared/domain/calendar-feed-values';
import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import * as paths from '@kalike/shared/routing/paths';
import type { ClassAccessOf } from '../payments/payments.port';
import type { FeedEvent } from './calendar-feed-ics';
import type { FeedSessionRow } from './calendar-feeds.repository';
import type { SessionGeneration } from './session-generation';
import type { BatchViewRow } from './session-rows';
import { toPlace, type Withheld } from './session-views';
import type { SessionsRepository } from './sessions.repository';

export interface FeedEventsDeps {
  repository: SessionsRepository;
  generation: Pick<SessionGeneration, 'generateBatches'>;
  classAccess: ClassAccessOf;
  /** The web origin, for each event's link into the app. */
  origin: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The classes a feed lists, worded for its audience: a family's (each child by name, demos they
 * booked) and a teacher's (each class of their batches with how many students, and demos).
 */
export function createFeedEvents({ repository, generation, classAccess, origin }: FeedEventsDeps) {
  /** The window of IST days the feed covers. */
  function windowOf(at: Date) {
    const today = istDateKey(at);
    return { today, from: addDaysToDateKey(today, -calendarFeedWindow.daysBack), until: addDaysToDateKey(today, calendarFeedWindow.daysAhead) };
  }

  function baseEvent(session: FeedSessionRow, view: BatchViewRow, withheld: Withheld | null | undefined, summary: string, url: string): FeedEvent {
    return { session, summary, place: toPlace(view, withheld), teacherName: view.teacher_name, batchName: view.name, programName: view.program_name, url };
  }

  async function learnerEvents(learnerAccountId: string, at: Date): Promise<FeedEvent[]> {
    const { today, from, until } = windowOf(at);
    const [places, demos] = await Promise.all([repository.findPlacesOfLearner(learnerAccountId, at), repository.findDemoSeatsOfLearner(learnerAccountId)]);
    const batchIds = [...new Set(places.map((place) => place.batch_id))];
    await generation.generateBatches(batchIds, today);
    const demosBySession = groupBy(demos, (demo) => demo.session_id);
    const [sessions, views, access] = await Promise.all([
      repository.findFeedSessions(batchIds, [...demosBySession.keys()], from, until, calendarFeedWindow.maxEvents),
      repository.findBatchViews([...new Set([...batchIds, ...demos.map((demo) => demo.batch_id)])]),
      classAccess(places.map((place) => place.id)),
    ]);
    const viewOf = new Map(views.map((view) => [view.id, view]));
    const url = `${origin}${paths.learnerSessions()}`;
    return sessions.flatMap((session) => {
      const view = viewOf.get(session.batch_id);
      if (!view) return [];
      const enrolled = places.filter((place) => place.batch_id === session.batch_id);
      const demoSeats = demosBySession.get(session.id) ?? [];
      if (enrolled.length > 0) {
        const allowed = enrolled.some((place) => access.get(place.id)?.allowed);
        const refused = enrolled.map((place) => access.get(place.id)).find((entry) => entry && !entry.allowed);
        // Booked on a demo of the class: the room is theirs for that class.
        const withheld = allowed || demoSeats.length > 0 ? null : refused && !refused.allowed ? { reason: refused.reason, message: refused.message } : null;
        const names = [...enrolled, ...demoSeats].map((seat) => seat.name);
        return [baseEvent(session, view, withheld, `${view.program_name}: ${[...new Set(names)].join(', ')}`, url)];
      }
      return [baseEvent(session, view, null, `Demo class, ${view.program_name}: ${demoSeats.map((seat) => seat.name).join(', ')}`, url)];
    });
  }

  async function teacherEvents(teacherId: string, at: Date): Promise<FeedEvent[]> {
    const { today, from, until } = windowOf(at);
    const batchIds = await repository.findBatchIdsOfTeacher(teacherId);
    await generation.generateBatches(batchIds, today);
    const [sessions, views, counts] = await Promise.all([
      repository.findFeedSessions(batchIds, [], from, until, calendarFeedWindow.maxEvents),
      repository.findBatchViews(batchIds),
      repository.countStudentsInBatches(batchIds),
    ]);
    const demosBySession = groupBy(await repository.findDemoSeatsInSessions(sessions.map((session) => session.id)), (demo) => demo.session_id);
    const viewOf = new Map(views.map((view) => [view.id, view]));
    return sessions.flatMap((session) => {
      const view = viewOf.get(session.batch_id);
      if (!view) return [];
      const demos = demosBySession.get(session.id)?.length ?? 0;
      const who = [plural(counts.get(session.batch_id) ?? 0, 'student', 'students'), ...(demos > 0 ? [plural(demos, 'demo', 'demos')] : [])].join(', ');
      return [baseEvent(session, view, null, `${view.program_name} (${view.name}): ${who}`, `${origin}${paths.teachSession(session.id)}`)];
    });
  }

  return { learnerEvents, teacherEvents };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}
