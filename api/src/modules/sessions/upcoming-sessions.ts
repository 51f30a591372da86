import type { UpcomingBatch, UpcomingSessions } from '@kalike/shared/contracts/sessions';
import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import { toSessionTeacher } from '../../shared/teacher-page';
import type { SessionGeneration } from './session-generation';
import type { PlaceRow, SessionRow } from './session-rows';
import { demoNamesBySession, toPlace, toSession, type Withheld } from './session-views';
import type { SessionsRepository } from './sessions.repository';

export interface UpcomingDeps {
  repository: Pick<SessionsRepository, 'findBatchViews' | 'findSessionsOn' | 'findDemoSeatsInSessions'>;
  generation: Pick<SessionGeneration, 'generateBatches'>;
  now: () => Date;
}

/** Whose demo seats a list shows, and the batches a family is only in for a demo. */
export interface DemoScope {
  /** The family's own seats only; undefined: everyone's (the teacher's list). */
  learnerAccountId?: string;
  /** Batches the family has no place in: only the session of their demo is listed. */
  demoOnlyBatchIds?: ReadonlySet<string>;
}

/** The learner's and the teacher's session lists alike: a window of days, the batches' sessions in it. */
export function createUpcomingSessions({ repository, generation, now }: UpcomingDeps) {
  /** The window of IST days, the batches' sessions in it (generated first), and the DTOs. */
  return async function upcoming(
    batchIds: readonly string[],
    students: readonly PlaceRow[],
    days: number,
    onlyWithSessions: boolean,
    withheldOf?: (batchId: string) => Withheld | null,
    demoScope: DemoScope = {},
  ): Promise<UpcomingSessions> {
    const today = istDateKey(now());
    const until = addDaysToDateKey(today, days);
    await generation.generateBatches(batchIds, today);
    const [views, inWindow] = await Promise.all([repository.findBatchViews(batchIds), repository.findSessionsOn(batchIds, today, until)]);
    const seats = (await repository.findDemoSeatsInSessions(inWindow.map((session) => session.id))).filter(
      (seat) => !demoScope.learnerAccountId || seat.learner_account_id === demoScope.learnerAccountId,
    );
    const demoNames = demoNamesBySession(seats);
    const sessions = inWindow.filter((session) => !demoScope.demoOnlyBatchIds?.has(session.batch_id) || demoNames.has(session.id));

    const sessionsByBatch = new Map<string, SessionRow[]>();
    for (const session of sessions) sessionsByBatch.set(session.batch_id, [...(sessionsByBatch.get(session.batch_id) ?? []), session]);
    const batches = views
      .map((view) => ({ view, own: sessionsByBatch.get(view.id) ?? [] }))
      .filter(({ view, own }) => own.length > 0 || !(onlyWithSessions || demoScope.demoOnlyBatchIds?.has(view.id)))
      // Soonest next session first; a batch with none in the window goes last.
      .sort(
        (a, b) =>
          (a.own[0] ? new Date(a.own[0].starts_at).getTime() : Infinity) - (b.own[0] ? new Date(b.own[0].starts_at).getTime() : Infinity) ||
          a.view.name.localeCompare(b.view.name) ||
          a.view.id.localeCompare(b.view.id),
      );

    return {
      from: today,
      until,
      batches: batches.map(({ view, own }): UpcomingBatch => ({
        batch: {
          id: view.id,
          name: view.name,
          programName: view.program_name,
          teacher: toSessionTeacher(view),
          place: toPlace(view, withheldOf?.(view.id)),
          sessions: own.map((session) => toSession(session, demoNames.get(session.id))),
        },
        students: students.filter((student) => student.batch_id === view.id).map((student) => ({ batchStudentId: student.id, name: student.name })),
      })),
    };
  };
}

export type UpcomingSessionsList = ReturnType<typeof createUpcomingSessions>;
