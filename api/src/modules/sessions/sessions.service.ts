import type { TransactionHandle } from '../../shared/transactional-repository';
import { addDaysToDateKey, istDateKey, istInstant, weekStartOf } from '@kalike/shared/format/dates';
import type {
  AddExtraClassBody,
  AddHolidayBody,
  AttendanceBody,
  AttendanceResult,
  CancelSessionBody,
  Holiday,
  Session,
  SessionPlace,
  SessionRegister,
  TeacherWeek,
  TeacherWeekQuery,
  UpcomingBatch,
  UpcomingSessions,
  UpcomingSessionsQuery,
} from '@kalike/shared/contracts/sessions';
import { sessionGenerationHorizonDays, sessionLimits, teacherWeeksBack, upcomingDays } from '@kalike/shared/domain/session-values';
import { learnersOnly, teachersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ClassStanding, ConsumedClass } from '../payments/payments.port';
import type { ClassAccess } from '../payments/payments.port';
import type { ClassLinkWithheldReason } from '@kalike/shared/domain/batch-student-lifecycle';
import { dayNumber } from './schedule';
import type { SessionGeneration } from './session-generation';
import { extraClassMessage, familiesOf, holidayMessage, sessionCancelledMessage, type BatchNames } from './session-messages';
import type { BatchViewRow, MarkedRow, OwnBatchRow, OwnSessionRow, PlaceRow, SessionRow, SessionsRepository } from './sessions.repository';
import { toSessionTeacher } from '../../shared/teacher-page';
import { toStudentStanding } from './register-standing';

export interface SessionsServiceDeps {
  repository: SessionsRepository;
  generation: SessionGeneration;
  /** The ledger's consumeClass, inside the caller's transaction. */
  consumeClassWithin: (handle: TransactionHandle, batchStudentId: string, sessionId: string) => Promise<ConsumedClass>;
  /** Who may have a batch's class link, and why not (payments). */
  classAccess: (batchStudentIds: readonly string[]) => Promise<Map<string, ClassAccess>>;
  /** Where batch students stand with their packs and the ledger (payments). */
  classStanding: (batchStudentIds: readonly string[]) => Promise<Map<string, ClassStanding>>;
  now: () => Date;
}

type Withheld = { reason: ClassLinkWithheldReason; message: string };

/** Where the seed and every teacher page live; the only city for now. */

const iso = (value: Date | string): string => new Date(value).toISOString();
const sessionNotFound = () => new DomainError('SESSION_NOT_FOUND', 'No such session among your batches', 404);

/** The family's own session list. */
export const sessionLearners = learnersOnly("Only learners have a family's sessions");
/** The teacher's moves on their batches' sessions: cancel, holiday, attendance. */
export const sessionTeachers = teachersOnly('Only the teacher of the batch can do this');

function tidy(text: string, field: string): string {
  const tidied = text.trim().replace(/\s+/g, ' ');
  if (!tidied) throw new DomainError('VALIDATION_ERROR', `${field} must not be blank`, 400);
  return tidied;
}

function toSession(row: SessionRow): Session {
  return {
    id: row.id,
    occursOn: row.occurs_on,
    startTime: iso(row.starts_at),
    endTime: iso(row.ends_at),
    status: row.status,
    cancelReason: row.status === 'cancelled' ? row.cancel_reason : null,
  };
}

export function mapUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

/** `withheld`: the learner's family may not have the online room yet, and why. */
function toPlace(row: BatchViewRow, withheld?: Withheld | null): SessionPlace {
  if (row.place === 'online') {
    if (withheld) return { kind: 'online', name: 'Online', joinUrl: null, withheld };
    return { kind: 'online', name: 'Online', joinUrl: row.online_link, ...(withheld === null ? { withheld: null } : {}) };
  }
  const name = row.place_name ?? row.locality_name ?? 'Bengaluru';
  const lat = Number(row.lat ?? 0);
  const lng = Number(row.lng ?? 0);
  // An apartment names its locality; a locality is named once.
  const parts = [name, row.place === 'apartment' ? row.locality_name : null, 'Bengaluru', row.pincode].filter((part): part is string => Boolean(part));
  return { kind: row.place, name, address: parts.join(', '), lat, lng, mapUrl: mapUrl(lat, lng) };
}

function toMarked(batchStudentId: string, row: MarkedRow): AttendanceResult['records'][number] {
  return {
    batchStudentId,
    status: row.status,
    consumed:
      row.status === 'attended' && row.ledger_entry_id
        ? { ledgerEntryId: row.ledger_entry_id, fromPack: (row.classes_delta ?? 0) < 0, amountPaise: row.amount_paise ?? 0 }
        : null,
  };
}

function sessionNames(row: OwnSessionRow): BatchNames {
  return { teacherName: row.teacher_name, programName: row.program_name, batchName: row.batch_name };
}

function batchNames(row: OwnBatchRow): BatchNames {
  return { teacherName: row.teacher_name, programName: row.program_name, batchName: row.name };
}

export function createSessionsService({ repository, generation, consumeClassWithin, classAccess, classStanding, now }: SessionsServiceDeps) {
  /** The window of IST days, the batches' sessions in it (generated first), and the DTOs. */
  async function upcoming(
    batchIds: readonly string[],
    students: readonly PlaceRow[],
    days: number,
    onlyWithSessions: boolean,
    withheldOf?: (batchId: string) => Withheld | null,
  ): Promise<UpcomingSessions> {
    const today = istDateKey(now());
    const until = addDaysToDateKey(today, days);
    await generation.generateBatches(batchIds, today);
    const [views, sessions] = await Promise.all([repository.findBatchViews(batchIds), repository.findSessionsOn(batchIds, today, until)]);

    const sessionsByBatch = new Map<string, SessionRow[]>();
    for (const session of sessions) sessionsByBatch.set(session.batch_id, [...(sessionsByBatch.get(session.batch_id) ?? []), session]);
    const batches = views
      .map((view) => ({ view, own: sessionsByBatch.get(view.id) ?? [] }))
      .filter(({ own }) => !onlyWithSessions || own.length > 0)
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
          sessions: own.map(toSession),
        },
        students: students.filter((student) => student.batch_id === view.id).map((student) => ({ batchStudentId: student.id, name: student.name })),
      })),
    };
  }

  return {
    /** Every batch the family has a place in, each once, with this family's students in it. */
    async learnerUpcoming(user: AuthUser, query: UpcomingSessionsQuery): Promise<UpcomingSessions> {
      const learnerAccountId = sessionLearners.idOf(user);
      const places = await repository.findPlacesOfLearner(learnerAccountId, now());
      const batchIds = [...new Set(places.map((place) => place.batch_id))];
      const access = await classAccess(places.map((place) => place.id));
      // The room is the family's when any of its students in the batch may attend; else the first reason.
      const withheldOf = (batchId: string): Withheld | null => {
        const inBatch = places.filter((place) => place.batch_id === batchId).map((place) => access.get(place.id));
        if (inBatch.some((entry) => entry?.allowed)) return null;
        const refused = inBatch.find((entry) => entry && !entry.allowed);
        return refused && !refused.allowed ? { reason: refused.reason, message: refused.message } : null;
      };
      return upcoming(batchIds, places, query.days ?? upcomingDays.default, false, withheldOf);
    },

    /** The teacher's own batches that meet in the window, with everyone in each. */
    async teacherUpcoming(user: AuthUser, query: UpcomingSessionsQuery): Promise<UpcomingSessions> {
      const teacherId = sessionTeachers.idOf(user);
      const batchIds = await repository.findBatchIdsOfTeacher(teacherId);
      const students = await repository.findPlacesInBatches(batchIds);
      return upcoming(batchIds, students, query.days ?? upcomingDays.default, true);
    },

    /**
     * Calls off one class that has not started. Each family in the batch is texted in the same
     * transaction. Cancelling a cancelled session answers it unchanged and texts nobody again.
     */
    async cancel(user: AuthUser, sessionId: string, body: CancelSessionBody): Promise<Session> {
      const teacherId = sessionTeachers.idOf(user);
      const reason = tidy(body.reason, 'body.reason');
      const at = now();
      return repository.transaction(async (tx) => {
        const session = await tx.lockOwnSession(sessionId, teacherId);
        if (!session) throw sessionNotFound();
        if (session.status === 'cancelled') return toSession(session);
        if (session.status === 'completed')
          throw new DomainError('SESSION_COMPLETED', 'This class has taken place and its attendance is marked; it cannot be cancelled', 409);
        if (new Date(session.starts_at) <= at)
          throw new DomainError('SESSION_ALREADY_STARTED', 'This class has already started; only upcoming classes can be cancelled', 409);
        await tx.cancelSession(session.id, reason, at);
        for (const family of familiesOf(await tx.findFamilies(session.batch_id))) {
          await tx.enqueueMessage(sessionCancelledMessage(family, sessionNames(session), new Date(session.starts_at)), at);
        }
        return toSession({ ...session, status: 'cancelled', cancel_reason: reason });
      });
    },

    /**
     * The teacher's classes Monday to Sunday (IST) of the week starting `query.week` (a Monday),
     * this week by default; from 52 weeks back to the week the generation horizon ends in.
     */
    async teacherWeek(user: AuthUser, query: TeacherWeekQuery): Promise<TeacherWeek> {
      const teacherId = sessionTeachers.idOf(user);
      const today = istDateKey(now());
      const thisWeek = weekStartOf(today);
      const earliest = addDaysToDateKey(thisWeek, -7 * teacherWeeksBack);
      const latest = weekStartOf(addDaysToDateKey(today, sessionGenerationHorizonDays - 1));
      const weekOf = query.week ?? thisWeek;
      if (weekStartOf(weekOf) !== weekOf) throw new DomainError('VALIDATION_ERROR', `querystring.week must be a Monday; ${weekOf} is not`, 400);
      if (weekOf < earliest || weekOf > latest) {
        throw new DomainError('VALIDATION_ERROR', `querystring.week must be between ${earliest} and ${latest}`, 400);
      }
      const until = addDaysToDateKey(weekOf, 7);

      const batchIds = await repository.findBatchIdsOfTeacher(teacherId);
      // Sessions from today to the horizon exist first, so a week ahead is complete.
      if (until > today) await generation.generateBatches(batchIds, today);
      const [views, sessions, places, holidays] = await Promise.all([
        repository.findBatchViews(batchIds),
        repository.findSessionsOn(batchIds, weekOf, until),
        repository.findPlacesInBatches(batchIds),
        repository.findHolidays(batchIds, weekOf, until),
      ]);
      const viewOf = new Map(views.map((view) => [view.id, view]));
      const counts = new Map<string, number>();
      for (const place of places) counts.set(place.batch_id, (counts.get(place.batch_id) ?? 0) + 1);
      const batchOf = (view: BatchViewRow) => ({ id: view.id, name: view.name, programName: view.program_name, place: toPlace(view) });

      return {
        weekOf,
        until,
        today,
        previousWeek: weekOf > earliest ? addDaysToDateKey(weekOf, -7) : null,
        nextWeek: weekOf < latest ? until : null,
        classes: sessions.flatMap((session) => {
          const view = viewOf.get(session.batch_id);
          return view ? [{ session: toSession(session), batch: batchOf(view), studentsCount: counts.get(view.id) ?? 0 }] : [];
        }),
        holidays: holidays.flatMap((holiday) => {
          const view = viewOf.get(holiday.batch_id);
          return view
            ? [{ id: holiday.id, batchId: view.id, batchName: view.name, startsOn: holiday.starts_on, endsOn: holiday.ends_on, reason: holiday.reason }]
            : [];
        }),
      };
    },

    /**
     * One of the teacher's classes with its register: everyone in the batch now and anyone
     * already marked, each with what they were marked and where they stand with their packs.
     */
    async register(user: AuthUser, sessionId: string): Promise<SessionRegister> {
      const teacherId = sessionTeachers.idOf(user);
      const session = await repository.findOwnSession(sessionId, teacherId);
      if (!session) throw sessionNotFound();
      const [[view], places, marked] = await Promise.all([
        repository.findBatchViews([session.batch_id]),
        repository.findPlacesInBatches([session.batch_id]),
        repository.findAttendanceOf(session.id),
      ]);
      if (!view) throw sessionNotFound();
      const markOf = new Map(marked.map((row) => [row.id, row.status]));
      const everyone = [...places, ...marked.filter((row) => !places.some((place) => place.id === row.id))];
      const standings = await classStanding(everyone.map((place) => place.id));
      const at = now();
      const started = new Date(session.starts_at) <= at;
      const marking =
        session.status === 'cancelled'
          ? { open: false, message: 'This class was cancelled; there is no register to mark.' }
          : !started
            ? { open: false, message: 'The register opens when the class starts.' }
            : { open: true, message: null };

      return {
        session: toSession(session),
        batch: { id: view.id, name: view.name, programName: view.program_name, place: toPlace(view) },
        students: everyone.map((place) => ({
          batchStudentId: place.id,
          name: place.name,
          attendance: markOf.get(place.id) ?? null,
          standing: toStudentStanding(standings.get(place.id)),
        })),
        marking,
        cancellable: session.status === 'scheduled' && !started,
      };
    },

    /**
     * A holiday over whole IST days: the scheduled sessions on those days that have not
     * started are cancelled with its reason, and generation writes later ones cancelled too.
     */
    async addHoliday(user: AuthUser, batchId: string, body: AddHolidayBody): Promise<Holiday> {
      const teacherId = sessionTeachers.idOf(user);
      const reason = tidy(body.reason, 'body.reason');
      const at = now();
      const today = istDateKey(at);
      if (body.startsOn < today) throw new DomainError('VALIDATION_ERROR', `body.startsOn must be today (${today}) or later`, 400);
      if (body.endsOn < body.startsOn) throw new DomainError('VALIDATION_ERROR', 'body.endsOn must not be before body.startsOn', 400);
      const length = dayNumber(body.endsOn) - dayNumber(body.startsOn) + 1;
      if (length > sessionLimits.holidayMaxDays) {
        throw new DomainError('VALIDATION_ERROR', `body.endsOn makes the holiday ${length} days; at most ${sessionLimits.holidayMaxDays} are allowed`, 400);
      }
      const batch = await repository.findOwnBatch(batchId, teacherId);
      if (!batch) throw new DomainError('BATCH_NOT_FOUND', 'No such batch among yours', 404);
      // Sessions up to the horizon exist first, so every one the holiday covers is cancelled now.
      await generation.generateBatches([batch.id], today);

      return repository.transaction(async (tx) => {
        const holidayId = await tx.insertHoliday({ batchId: batch.id, startsOn: body.startsOn, endsOn: body.endsOn, reason, at });
        const cancelled = await tx.cancelForHoliday({ holidayId, batchId: batch.id, startsOn: body.startsOn, endsOn: body.endsOn, reason, at });
        for (const family of familiesOf(await tx.findFamilies(batch.id))) {
          await tx.enqueueMessage(holidayMessage(family, batchNames(batch), { startsOn: body.startsOn, endsOn: body.endsOn }), at);
        }
        return {
          id: holidayId,
          batchId: batch.id,
          startsOn: body.startsOn,
          endsOn: body.endsOn,
          reason,
          cancelledSessionIds: cancelled.map((session) => session.id),
        };
      });
    },

    /**
     * An extra class on a day the batch has none (a make-up class, say): from today to the end of
     * the generated schedule, ending after now, at most `sessionLimits.extraClassMaxMinutes` long.
     * It may have begun already today, so a teacher can add the class they are teaching and take
     * its register. Each family in the batch gets one text.
     */
    async addExtraClass(user: AuthUser, batchId: string, body: AddExtraClassBody): Promise<Session> {
      const teacherId = sessionTeachers.idOf(user);
      const at = now();
      const today = istDateKey(at);
      const lastDay = addDaysToDateKey(today, sessionGenerationHorizonDays - 1);
      if (body.occursOn < today) throw new DomainError('VALIDATION_ERROR', `body.occursOn must be today (${today}) or later`, 400);
      if (body.occursOn > lastDay) throw new DomainError('VALIDATION_ERROR', `body.occursOn must be on or before ${lastDay}`, 400);
      const startsAt = istInstant(body.occursOn, body.startTime);
      const endsAt = istInstant(body.occursOn, body.endTime);
      const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
      if (minutes <= 0) throw new DomainError('VALIDATION_ERROR', 'body.endTime must be after body.startTime', 400);
      if (minutes > sessionLimits.extraClassMaxMinutes) {
        throw new DomainError(
          'VALIDATION_ERROR',
          `body.endTime makes the class ${minutes} minutes; at most ${sessionLimits.extraClassMaxMinutes} are allowed`,
          400,
        );
      }
      if (endsAt <= at) throw new DomainError('VALIDATION_ERROR', 'body.endTime has already passed', 400);
      const batch = await repository.findOwnBatch(batchId, teacherId);
      if (!batch) throw new DomainError('BATCH_NOT_FOUND', 'No such batch among yours', 404);
      // The regular classes up to the horizon exist first, so a day the schedule already takes is seen.
      await generation.generateBatches([batch.id], today);
      const dayTaken = () => new DomainError('SESSION_DAY_TAKEN', 'This batch already has a class that day; a batch meets at most once a day', 409);
      if (await repository.findSessionOn(batch.id, body.occursOn)) throw dayTaken();

      return repository.transaction(async (tx) => {
        const inserted = await tx.insertExtraSession({ batchId: batch.id, day: body.occursOn, startsAt, endsAt });
        if (!inserted) throw dayTaken();
        for (const family of familiesOf(await tx.findFamilies(batch.id))) {
          await tx.enqueueMessage(extraClassMessage(family, batchNames(batch), startsAt), at);
        }
        return {
          id: inserted.id,
          occursOn: body.occursOn,
          startTime: startsAt.toISOString(),
          endTime: endsAt.toISOString(),
          status: 'scheduled',
          cancelReason: null,
        };
      });
    },

    /**
     * Marks who came to a class that has started. Marking is final: the same mark again changes
     * nothing (and consumes nothing again); a different one is refused. Each class attended is
     * consumed from the family's pack through the ledger in the same transaction, and the
     * session is then completed. Concurrent requests queue on the session's row lock.
     */
    async markAttendance(user: AuthUser, sessionId: string, body: AttendanceBody): Promise<AttendanceResult> {
      const teacherId = sessionTeachers.idOf(user);
      const firstIndex = new Map<string, number>();
      body.records.forEach((record, index) => {
        const earlier = firstIndex.get(record.batchStudentId);
        if (earlier !== undefined) {
          throw new DomainError('VALIDATION_ERROR', `body.records/${index}/batchStudentId repeats body.records/${earlier}/batchStudentId`, 400);
        }
        firstIndex.set(record.batchStudentId, index);
      });
      const at = now();

      return repository.transaction(async (tx, handle) => {
        const session = await tx.lockOwnSession(sessionId, teacherId);
        if (!session) throw sessionNotFound();
        if (session.status === 'cancelled') throw new DomainError('SESSION_CANCELLED', 'This class was cancelled; there is no attendance to mark', 409);
        if (new Date(session.starts_at) > at) throw new DomainError('SESSION_NOT_STARTED', 'Attendance can be marked once the class has started', 409);

        const ids = body.records.map((record) => record.batchStudentId);
        const inBatch = new Set((await tx.findPlacesInBatch(session.batch_id, ids)).map((place) => place.id));
        body.records.forEach((record, index) => {
          if (!inBatch.has(record.batchStudentId)) {
            throw new DomainError('BATCH_STUDENT_NOT_IN_BATCH', `body.records/${index}/batchStudentId is not a student of this session's batch`, 422);
          }
        });
        const marked = new Map((await tx.findMarked(session.id, ids)).map((row) => [row.batch_student_id, row]));
        body.records.forEach((record, index) => {
          const earlier = marked.get(record.batchStudentId);
          if (earlier && earlier.status !== record.status) {
            throw new DomainError(
              'ATTENDANCE_ALREADY_MARKED',
              `body.records/${index}/batchStudentId is already marked ${earlier.status} for this class; attendance is final`,
              409,
            );
          }
        });

        // The ledger locks each batch student whose class it consumes; taking them in id order
        // means two registers marked at once never wait on each other in a cycle.
        const fresh = body.records.filter((record) => !marked.has(record.batchStudentId)).sort((a, b) => (a.batchStudentId < b.batchStudentId ? -1 : 1));
        const results = new Map<string, AttendanceResult['records'][number]>([...marked].map(([id, row]) => [id, toMarked(id, row)]));
        for (const record of fresh) {
          const consumed = record.status === 'attended' ? await consumeClassWithin(handle, record.batchStudentId, session.id) : null;
          await tx.insertAttendance({
            sessionId: session.id,
            batchStudentId: record.batchStudentId,
            status: record.status,
            ledgerEntryId: consumed?.entryId ?? null,
            teacherId,
            at,
          });
          results.set(record.batchStudentId, {
            batchStudentId: record.batchStudentId,
            status: record.status,
            consumed: consumed ? { ledgerEntryId: consumed.entryId, fromPack: consumed.fromPack, amountPaise: consumed.amountPaise } : null,
          });
        }
        await tx.completeSession(session.id);
        return { sessionId: session.id, status: 'completed', records: body.records.flatMap((record) => results.get(record.batchStudentId) ?? []) };
      });
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
