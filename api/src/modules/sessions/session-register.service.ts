import type { AttendanceBody, AttendanceResult, SessionRegister } from '@kalike/shared/contracts/sessions';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ClassStandingOf, ConsumeClassWithin } from '../payments/payments.port';
import { correctableUntil } from './attendance-corrections.service';
import { toStudentStanding } from './register-standing';
import type { MarkedRow, OwnSessionRow } from './session-rows';
import { sessionNotFound, sessionTeachers, toMarked, toPlace, toSession } from './session-views';
import type { SessionsQueries, SessionsRepository } from './sessions.repository';

type AttendanceRecord = AttendanceBody['records'][number];
type MarkedRecord = AttendanceResult['records'][number];

export interface SessionRegisterDeps {
  repository: SessionsRepository;
  consumeClassWithin: ConsumeClassWithin;
  classStanding: ClassStandingOf;
  now: () => Date;
}

/** Each batch student once in a register. */
function checkNoRepeats(records: readonly AttendanceRecord[]) {
  const firstIndex = new Map<string, number>();
  records.forEach((record, index) => {
    const earlier = firstIndex.get(record.batchStudentId);
    if (earlier !== undefined) {
      throw new DomainError('VALIDATION_ERROR', `body.records/${index}/batchStudentId repeats body.records/${earlier}/batchStudentId`, 400);
    }
    firstIndex.set(record.batchStudentId, index);
  });
}

/**
 * Everyone marked is a student of the session's batch, and nobody is marked differently from
 * before: a register saves new marks; a mark is changed one at a time, as a correction.
 */
async function checkMarkable(tx: SessionsQueries, session: OwnSessionRow, records: readonly AttendanceRecord[]): Promise<Map<string, MarkedRow>> {
  const ids = records.map((record) => record.batchStudentId);
  const inBatch = new Set((await tx.findPlacesInBatch(session.batch_id, ids)).map((place) => place.id));
  records.forEach((record, index) => {
    if (!inBatch.has(record.batchStudentId)) {
      throw new DomainError('BATCH_STUDENT_NOT_IN_BATCH', `body.records/${index}/batchStudentId is not a student of this session's batch`, 422);
    }
  });
  const marked = new Map((await tx.findMarked(session.id, ids)).map((row) => [row.batch_student_id, row]));
  records.forEach((record, index) => {
    const earlier = marked.get(record.batchStudentId);
    if (earlier && earlier.status !== record.status) {
      throw new DomainError(
        'ATTENDANCE_ALREADY_MARKED',
        `body.records/${index}/batchStudentId is already marked ${earlier.status} for this class; change that mark on its own`,
        409,
      );
    }
  });
  return marked;
}

/** A class's register: who is in it and where they stand, and attendance marked once, consuming classes from packs. */
export function createSessionRegister({ repository, consumeClassWithin, classStanding, now }: SessionRegisterDeps) {
  return {
    /**
     * One of the teacher's classes with its register: everyone in the batch now and anyone
     * already marked, each with what they were marked and where they stand with their packs.
     */
    async register(user: AuthUser, sessionId: string): Promise<SessionRegister> {
      const teacherId = sessionTeachers.idOf(user);
      const session = await repository.findOwnSession(sessionId, teacherId);
      if (!session) throw sessionNotFound();
      const [[view], places, marked, demos] = await Promise.all([
        repository.findBatchViews([session.batch_id]),
        repository.findPlacesInBatches([session.batch_id]),
        repository.findAttendanceOf(session.id),
        repository.findDemoSeatsInSessions([session.id]),
      ]);
      if (!view) throw sessionNotFound();
      const markOf = new Map(marked.map((row) => [row.id, row.status]));
      const everyone = [...places, ...marked.filter((row) => !places.some((place) => place.id === row.id))];
      const standings = await classStanding(everyone.map((place) => place.id));
      const started = new Date(session.starts_at) <= now();
      const marking =
        session.status === 'cancelled'
          ? { open: false, message: 'This class was cancelled; there is no register to mark.', correctableUntil: null }
          : !started
            ? { open: false, message: 'The register opens when the class starts.', correctableUntil: null }
            : { open: true, message: null, correctableUntil: correctableUntil(session.occurs_on).toISOString() };

      return {
        // Demo students come to this class only: listed on the session, with nothing to mark.
        session: toSession(
          session,
          demos.map((demo) => demo.name),
        ),
        batch: { id: view.id, name: view.name, programName: view.program_name, place: toPlace(view) },
        students: everyone.map((place) => ({
          batchStudentId: place.id,
          name: place.name,
          attendance: markOf.get(place.id) ?? null,
          standing: toStudentStanding(standings.get(place.id), place.name),
        })),
        marking,
        cancellable: session.status === 'scheduled' && !started,
      };
    },

    /**
     * Marks who came to a class that has started. The same mark again changes nothing (and
     * consumes nothing again); a different one is refused here and made as a correction
     * (attendance-corrections.service.ts). Each class attended is
     * consumed from the family's pack through the ledger in the same transaction, and the
     * session is then completed. Concurrent requests queue on the session's row lock.
     */
    async markAttendance(user: AuthUser, sessionId: string, body: AttendanceBody): Promise<AttendanceResult> {
      const teacherId = sessionTeachers.idOf(user);
      checkNoRepeats(body.records);
      const at = now();

      return repository.transaction(async (tx, handle) => {
        const session = await tx.lockOwnSession(sessionId, teacherId);
        if (!session) throw sessionNotFound();
        if (session.status === 'cancelled') throw new DomainError('SESSION_CANCELLED', 'This class was cancelled; there is no attendance to mark', 409);
        if (new Date(session.starts_at) > at) throw new DomainError('SESSION_NOT_STARTED', 'Attendance can be marked once the class has started', 409);
        const marked = await checkMarkable(tx, session, body.records);

        // The ledger locks each batch student whose class it consumes; taking them in id order
        // means two registers marked at once never wait on each other in a cycle.
        const fresh = body.records.filter((record) => !marked.has(record.batchStudentId)).sort((a, b) => (a.batchStudentId < b.batchStudentId ? -1 : 1));
        const results = new Map<string, MarkedRecord>([...marked].map(([id, row]) => [id, toMarked(id, row)]));
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
