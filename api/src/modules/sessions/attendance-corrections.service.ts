import type { AttendanceCorrection, AttendanceCorrectionBody } from '@kalike/shared/contracts/sessions';
import { addDaysToDateKey, formatCalendarDate, istDayStart } from '@kalike/shared/format/dates';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ClassStandingOf, ConsumeClassWithin, ReturnClassWithin } from '../payments/payments.port';
import { sessionNotFound, sessionTeachers } from './session-views';
import type { SessionsRepository } from './sessions.repository';

export interface AttendanceCorrectionsDeps {
  repository: SessionsRepository;
  consumeClassWithin: ConsumeClassWithin;
  returnClassWithin: ReturnClassWithin;
  classStanding: ClassStandingOf;
  now: () => Date;
}

/** Days after the class's own day (IST) on which its marks can still be changed. */
const correctionDaysAfterClass = 1;

/**
 * When a class's marks stop being correctable: the end of the day after the class, in
 * Bengaluru. Long enough for a teacher to notice a mis-tap that evening or the next day,
 * short enough that a family's classes do not move weeks later; after it, a wrong mark is
 * put right by a refund.
 */
export function correctableUntil(occursOn: string): Date {
  return istDayStart(addDaysToDateKey(occursOn, correctionDaysAfterClass + 1));
}

function correctionClosed(occursOn: string): DomainError {
  const lastDay = formatCalendarDate(addDaysToDateKey(occursOn, correctionDaysAfterClass));
  return new DomainError(
    'ATTENDANCE_CORRECTION_CLOSED',
    `Marks for this class could be changed until the end of ${lastDay} (IST). The family can ask Kalike for a refund of the class instead.`,
    409,
  );
}

/** A register mark changed while its window is open; the class moves on the ledger with it. */
export function createAttendanceCorrections({ repository, consumeClassWithin, returnClassWithin, classStanding, now }: AttendanceCorrectionsDeps) {
  return {
    /**
     * Changes one student's mark for a class. Present → absent gives back the class the mark
     * consumed; absent → present consumes one again. The mark, the ledger entry and the record
     * of who changed it commit together, under the session's row lock and then the place's (the
     * order marking takes), so two corrections of one mark queue and end with one result. The
     * mark already being `status` changes nothing, even after the window.
     */
    async correctAttendance(user: AuthUser, sessionId: string, batchStudentId: string, body: AttendanceCorrectionBody): Promise<AttendanceCorrection> {
      const teacherId = sessionTeachers.idOf(user);
      const at = now();
      const outcome = await repository.transaction(async (tx, handle) => {
        const session = await tx.lockOwnSession(sessionId, teacherId);
        if (!session) throw sessionNotFound();
        const [marked] = await tx.findMarked(session.id, [batchStudentId]);
        if (!marked) throw new DomainError('ATTENDANCE_NOT_MARKED', 'This student is not marked for this class yet; mark them from the register', 409);
        if (marked.status === body.status) return { changed: false, ledgerEntryId: marked.ledger_entry_id };
        if (at >= correctableUntil(session.occurs_on)) throw correctionClosed(session.occurs_on);

        const ledgerEntryId =
          body.status === 'attended'
            ? (await consumeClassWithin(handle, batchStudentId, session.id)).entryId
            : ((await returnClassWithin(handle, batchStudentId, session.id))?.entryId ?? null);
        await tx.updateAttendance({
          sessionId: session.id,
          batchStudentId,
          status: body.status,
          ledgerEntryId: body.status === 'attended' ? ledgerEntryId : null,
        });
        await tx.insertAttendanceChange({ sessionId: session.id, batchStudentId, from: marked.status, to: body.status, ledgerEntryId, teacherId, at });
        return { changed: true, ledgerEntryId };
      });
      const standing = (await classStanding([batchStudentId])).get(batchStudentId);
      return {
        sessionId,
        batchStudentId,
        status: body.status,
        ...outcome,
        standing: { classesLeft: standing?.classesLeft ?? 0, owedPaise: Math.max(0, -(standing?.balancePaise ?? 0)) },
      };
    },
  };
}
