import type { TeacherWeek, TeacherWeekQuery, UpcomingSessions, UpcomingSessionsQuery } from '@kalike/shared/contracts/sessions';
import { addDaysToDateKey, istDateKey, weekStartOf } from '@kalike/shared/format/dates';
import { sessionGenerationHorizonDays, teacherWeeksBack, upcomingDays } from '@kalike/shared/domain/session-values';
import type { AuthUser } from '../../plugins/auth';
import type { SessionGeneration } from './session-generation';
import type { BatchViewRow, HolidayRow, PlaceRow, SessionRow } from './session-rows';
import { demoNamesBySession, invalid, sessionTeachers, toPlace, toSession } from './session-views';
import type { SessionsRepository } from './sessions.repository';
import type { UpcomingSessionsList } from './upcoming-sessions';

export interface TeacherWeekDeps {
  repository: Pick<
    SessionsRepository,
    'findBatchIdsOfTeacher' | 'findPlacesInBatches' | 'findBatchViews' | 'findSessionsOn' | 'findHolidays' | 'findDemoSeatsInSessions'
  >;
  generation: Pick<SessionGeneration, 'generateBatches' | 'fillThisWeek'>;
  upcoming: UpcomingSessionsList;
  now: () => Date;
}

/** The weeks a teacher may page through: from `teacherWeeksBack` weeks ago to the week the generation horizon ends in. */
function weekBounds(today: string, week: string | undefined) {
  const thisWeek = weekStartOf(today);
  const earliest = addDaysToDateKey(thisWeek, -7 * teacherWeeksBack);
  const latest = weekStartOf(addDaysToDateKey(today, sessionGenerationHorizonDays - 1));
  const weekOf = week ?? thisWeek;
  if (weekStartOf(weekOf) !== weekOf) throw invalid(`querystring.week must be a Monday; ${weekOf} is not`);
  if (weekOf < earliest || weekOf > latest) throw invalid(`querystring.week must be between ${earliest} and ${latest}`);
  return { weekOf, until: addDaysToDateKey(weekOf, 7), earliest, latest };
}

interface WeekRows {
  views: BatchViewRow[];
  demoNames: Map<string, string[]>;
  sessions: SessionRow[];
  places: PlaceRow[];
  holidays: HolidayRow[];
}

function weekClasses({ views, demoNames, sessions, places, holidays }: WeekRows): Pick<TeacherWeek, 'classes' | 'holidays'> {
  const viewOf = new Map(views.map((view) => [view.id, view]));
  const counts = new Map<string, number>();
  for (const place of places) counts.set(place.batch_id, (counts.get(place.batch_id) ?? 0) + 1);
  const batchOf = (view: BatchViewRow) => ({ id: view.id, name: view.name, programName: view.program_name, place: toPlace(view) });
  return {
    classes: sessions.flatMap((session) => {
      const view = viewOf.get(session.batch_id);
      return view ? [{ session: toSession(session, demoNames.get(session.id)), batch: batchOf(view), studentsCount: counts.get(view.id) ?? 0 }] : [];
    }),
    holidays: holidays.flatMap((holiday) => {
      const view = viewOf.get(holiday.batch_id);
      return view
        ? [{ id: holiday.id, batchId: view.id, batchName: view.name, startsOn: holiday.starts_on, endsOn: holiday.ends_on, reason: holiday.reason }]
        : [];
    }),
  };
}

/** The teacher's own classes: the coming days across their batches, and one week at a time. */
export function createTeacherWeek({ repository, generation, upcoming, now }: TeacherWeekDeps) {
  return {
    /** The teacher's own batches that meet in the window, with everyone in each. */
    async teacherUpcoming(user: AuthUser, query: UpcomingSessionsQuery): Promise<UpcomingSessions> {
      const teacherId = sessionTeachers.idOf(user);
      const batchIds = await repository.findBatchIdsOfTeacher(teacherId);
      const students = await repository.findPlacesInBatches(batchIds);
      return upcoming(batchIds, students, query.days ?? upcomingDays.default, true);
    },

    /**
     * The teacher's classes Monday to Sunday (IST) of the week starting `query.week` (a Monday),
     * this week by default; from 52 weeks back to the week the generation horizon ends in.
     */
    async teacherWeek(user: AuthUser, query: TeacherWeekQuery): Promise<TeacherWeek> {
      const teacherId = sessionTeachers.idOf(user);
      const today = istDateKey(now());
      const { weekOf, until, earliest, latest } = weekBounds(today, query.week);
      const batchIds = await repository.findBatchIdsOfTeacher(teacherId);
      // Sessions from today to the horizon exist first, so a week ahead is complete; this week's
      // days already gone are filled for batches that have none, so the week shows every batch.
      if (until > today) await generation.generateBatches(batchIds, today);
      if (weekOf <= today && today < until) await generation.fillThisWeek(batchIds, today);
      const [views, sessions, places, holidays] = await Promise.all([
        repository.findBatchViews(batchIds),
        repository.findSessionsOn(batchIds, weekOf, until),
        repository.findPlacesInBatches(batchIds),
        repository.findHolidays(batchIds, weekOf, until),
      ]);
      const demoNames = demoNamesBySession(await repository.findDemoSeatsInSessions(sessions.map((session) => session.id)));
      return {
        weekOf,
        until,
        today,
        previousWeek: weekOf > earliest ? addDaysToDateKey(weekOf, -7) : null,
        nextWeek: weekOf < latest ? until : null,
        ...weekClasses({ views, demoNames, sessions, places, holidays }),
      };
    },
  };
}
