import type { ClassReport, NewClassReportBody, ReportableClass } from '@kalike/shared/contracts/class-not-held';
import { classNotHeldReportDays } from '@kalike/shared/domain/refund-policy';
import { addDaysToDateKey, formatCalendarDate, istDateKey, istDayStart, type DateKey } from '@kalike/shared/format/dates';
import type { AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { payingLearners } from '../class-packs/packs';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import type { ClassReportRow } from './class-not-held.repository';

/** Reports of a class on `classOn` are taken until midnight (IST) at the end of the `classNotHeldReportDays`th day after it. */
export function reportableUntil(classOn: DateKey): Date {
  return istDayStart(addDaysToDateKey(classOn, classNotHeldReportDays + 1));
}

export const classReportNotFound = () => new DomainError('CLASS_REPORT_NOT_FOUND', 'No such report', 404);

const classNotFound = () => new DomainError('SESSION_NOT_FOUND', 'No such class of yours', 404);

export function toClassReport(row: ClassReportRow): ClassReport {
  return {
    id: row.id,
    batchStudentId: row.batch_student_id,
    sessionId: row.session_id,
    classOn: row.class_on,
    note: row.note,
    status: row.status,
    resolution: row.resolution,
    refundedPaise: row.refunded_paise,
    createdAt: row.created_at.toISOString(),
    resolvedAt: row.resolved_at?.toISOString() ?? null,
  };
}

async function reportsById(reader: Pick<PaymentsQueries, 'classReports'>, ids: readonly string[]): Promise<Map<string, ClassReport>> {
  const rows = await reader.classReports.findReports(ids);
  return new Map(rows.map((row) => [row.id, toClassReport(row)]));
}

/**
 * A family telling Kalike that a class of their child's batch did not happen: only their own
 * places (anyone else's is 404), only a class that has started and was not called off, within
 * `classNotHeldReportDays` after its day (IST), once per place and class. Admins then refund the
 * class or dismiss the report (admin-refunds.ts); the family reads its status beside the class.
 */
export function createClassNotHeld({ repository, now }: { repository: PaymentsRepository; now: () => Date }) {
  return {
    /** The family's classes of the last days that can still be reported, and every class they reported. */
    async classesOf(user: AuthUser): Promise<ReportableClass[]> {
      const learnerAccountId = payingLearners.idOf(user);
      const at = now();
      // The earliest class still reportable today started on the first day of the window.
      const from = istDayStart(addDaysToDateKey(istDateKey(at), -classNotHeldReportDays));
      const rows = await repository.classReports.findFamilyClasses(learnerAccountId, from, at);
      const reports = await reportsById(
        repository,
        rows.flatMap((row) => (row.report_id ? [row.report_id] : [])),
      );
      return rows
        .filter((row) => row.report_id || (row.status !== 'cancelled' && at < reportableUntil(row.class_on)))
        .map((row) => ({
          sessionId: row.session_id,
          batchStudentId: row.batch_student_id,
          startsAt: row.starts_at.toISOString(),
          classOn: row.class_on,
          reportableUntil: reportableUntil(row.class_on).toISOString(),
          report: (row.report_id && reports.get(row.report_id)) || null,
        }));
    },

    async report(user: AuthUser, body: NewClassReportBody): Promise<ClassReport> {
      const learnerAccountId = payingLearners.idOf(user);
      const at = now();
      const id = await repository.transaction(async (tx) => {
        const found = await tx.classReports.findClassOfPlace(body.batchStudentId, body.sessionId);
        if (!found || found.learner_account_id !== learnerAccountId || found.starts_at < found.place_since) throw classNotFound();
        if (found.status === 'cancelled') throw new DomainError('CLASS_NOT_REPORTABLE', 'This class was called off: it used no class of yours', 409);
        if (found.starts_at > at) throw new DomainError('CLASS_NOT_REPORTABLE', 'This class has not started yet', 409);
        if (at >= reportableUntil(found.class_on)) {
          const lastDay = formatCalendarDate(addDaysToDateKey(found.class_on, classNotHeldReportDays));
          throw new DomainError('CLASS_REPORT_WINDOW_CLOSED', `This class could be reported until the end of ${lastDay} (IST)`, 409);
        }
        const inserted = await tx.classReports.insertReport({
          learnerAccountId,
          batchStudentId: body.batchStudentId,
          sessionId: body.sessionId,
          note: body.note?.trim() ?? '',
          at,
        });
        if (!inserted) throw new DomainError('CLASS_ALREADY_REPORTED', 'You already reported this class', 409);
        return inserted;
      });
      const report = (await reportsById(repository, [id])).get(id);
      if (!report) throw classReportNotFound();
      return report;
    },
  };
}
