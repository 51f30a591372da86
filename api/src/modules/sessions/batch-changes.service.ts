import type { AddExtraClassBody, AddHolidayBody, CancelSessionBody, Holiday, Session } from '@kalike/shared/contracts/sessions';
import { addDaysToDateKey, istDateKey, istInstant } from '@kalike/shared/format/dates';
import { sessionGenerationHorizonDays, sessionLimits } from '@kalike/shared/domain/session-values';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { dayNumber } from './schedule';
import type { SessionGeneration } from './session-generation';
import type { GiveBackLostClassWithin } from '../payments/payments.port';
import { giveBackLostClasses } from './lost-classes';
import { classChangeNotice, familiesOf, holidayNotice, type BatchNames } from './session-notices';
import type { OwnBatchRow, OwnSessionRow } from './session-rows';
import { batchNotFound, invalid, sessionNotFound, sessionTeachers, toSession } from './session-views';
import type { SessionsRepository } from './sessions.repository';

export interface BatchChangesDeps {
  repository: SessionsRepository;
  generation: Pick<SessionGeneration, 'generateBatches'>;
  /** Payments gives each family's pack the lost class back. */
  giveBackLostClassWithin: GiveBackLostClassWithin;
  now: () => Date;
}

function tidy(text: string, field: string): string {
  const tidied = text.trim().replace(/\s+/g, ' ');
  if (!tidied) throw invalid(`${field} must not be blank`);
  return tidied;
}

function sessionNames(row: OwnSessionRow): BatchNames {
  return { teacherName: row.teacher_name, programName: row.program_name, batchName: row.batch_name };
}

function batchNames(row: OwnBatchRow): BatchNames {
  return { teacherName: row.teacher_name, programName: row.program_name, batchName: row.name };
}

/** A holiday covers whole IST days from today on, up to `sessionLimits.holidayMaxDays` of them. */
function checkHolidayDays(body: AddHolidayBody, today: string) {
  if (body.startsOn < today) throw invalid(`body.startsOn must be today (${today}) or later`);
  if (body.endsOn < body.startsOn) throw invalid('body.endsOn must not be before body.startsOn');
  const length = dayNumber(body.endsOn) - dayNumber(body.startsOn) + 1;
  if (length > sessionLimits.holidayMaxDays) {
    throw invalid(`body.endsOn makes the holiday ${length} days; at most ${sessionLimits.holidayMaxDays} are allowed`);
  }
}

/** An extra class: from today to the end of the generated schedule, ending after `at`, not too long. */
function extraClassTimes(body: AddExtraClassBody, at: Date) {
  const today = istDateKey(at);
  const lastDay = addDaysToDateKey(today, sessionGenerationHorizonDays - 1);
  if (body.occursOn < today) throw invalid(`body.occursOn must be today (${today}) or later`);
  if (body.occursOn > lastDay) throw invalid(`body.occursOn must be on or before ${lastDay}`);
  const startsAt = istInstant(body.occursOn, body.startTime);
  const endsAt = istInstant(body.occursOn, body.endTime);
  const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
  if (minutes <= 0) throw invalid('body.endTime must be after body.startTime');
  if (minutes > sessionLimits.extraClassMaxMinutes) {
    throw invalid(`body.endTime makes the class ${minutes} minutes; at most ${sessionLimits.extraClassMaxMinutes} are allowed`);
  }
  if (endsAt <= at) throw invalid('body.endTime has already passed');
  return { today, startsAt, endsAt };
}

const dayTaken = () => new DomainError('SESSION_DAY_TAKEN', 'This batch already has a class that day; a batch meets at most once a day', 409);

/** The teacher's changes to a batch's classes: one class called off, a holiday, an extra class; each family is told. */
export function createBatchChanges({ repository, generation, giveBackLostClassWithin, now }: BatchChangesDeps) {
  async function ownBatch(batchId: string, teacherId: string): Promise<OwnBatchRow> {
    const batch = await repository.findOwnBatch(batchId, teacherId);
    if (!batch) throw batchNotFound();
    return batch;
  }

  return {
    /**
     * Calls off one class that has not started. Each family in the batch, and each with a demo of
     * the class booked, is notified in the same transaction. Cancelling a cancelled session
     * answers it unchanged and tells nobody again.
     */
    async cancel(user: AuthUser, sessionId: string, body: CancelSessionBody): Promise<Session> {
      const teacherId = sessionTeachers.idOf(user);
      const reason = tidy(body.reason, 'body.reason');
      const at = now();
      return repository.transaction(async (tx, handle) => {
        const session = await tx.lockOwnSession(sessionId, teacherId);
        if (!session) throw sessionNotFound();
        if (session.status === 'cancelled') return toSession(session);
        if (session.status === 'completed')
          throw new DomainError('SESSION_COMPLETED', 'This class has taken place and its attendance is marked; it cannot be cancelled', 409);
        if (new Date(session.starts_at) <= at)
          throw new DomainError('SESSION_ALREADY_STARTED', 'This class has already started; only upcoming classes can be cancelled', 409);
        await tx.cancelSession(session.id, reason, at);
        await giveBackLostClasses(tx, handle, giveBackLostClassWithin, { batchId: session.batch_id, sessions: [session] });
        // A family with a demo of this class booked is expecting it too; one with both hears once.
        const members = [...(await tx.findFamilies(session.batch_id)), ...(await tx.findDemoFamilies(session.id))];
        for (const family of familiesOf(members)) {
          await tx.notify(classChangeNotice('class.cancelled', family, sessionNames(session), { id: session.id, startsAt: new Date(session.starts_at) }, at));
        }
        return toSession({ ...session, status: 'cancelled', cancel_reason: reason });
      });
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
      checkHolidayDays(body, today);
      const batch = await ownBatch(batchId, teacherId);
      // Sessions up to the horizon exist first, so every one the holiday covers is cancelled now.
      await generation.generateBatches([batch.id], today);

      return repository.transaction(async (tx, handle) => {
        const holidayId = await tx.insertHoliday({ batchId: batch.id, startsOn: body.startsOn, endsOn: body.endsOn, reason, at });
        const cancelled = await tx.cancelForHoliday({ holidayId, batchId: batch.id, startsOn: body.startsOn, endsOn: body.endsOn, reason, at });
        await giveBackLostClasses(tx, handle, giveBackLostClassWithin, { batchId: batch.id, sessions: cancelled });
        for (const family of familiesOf(await tx.findFamilies(batch.id))) {
          await tx.notify(holidayNotice(family, batchNames(batch), { id: holidayId, startsOn: body.startsOn, endsOn: body.endsOn }, at));
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
     * its register. Each family in the batch is notified once.
     */
    async addExtraClass(user: AuthUser, batchId: string, body: AddExtraClassBody): Promise<Session> {
      const teacherId = sessionTeachers.idOf(user);
      const at = now();
      const { today, startsAt, endsAt } = extraClassTimes(body, at);
      const batch = await ownBatch(batchId, teacherId);
      // The regular classes up to the horizon exist first, so a day the schedule already takes is seen.
      await generation.generateBatches([batch.id], today);
      if (await repository.findSessionOn(batch.id, body.occursOn)) throw dayTaken();

      return repository.transaction(async (tx) => {
        const inserted = await tx.insertExtraSession({ batchId: batch.id, day: body.occursOn, startsAt, endsAt });
        if (!inserted) throw dayTaken();
        for (const family of familiesOf(await tx.findFamilies(batch.id))) {
          await tx.notify(classChangeNotice('class.extra', family, batchNames(batch), { id: inserted.id, startsAt }, at));
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
  };
}
