import type { AdminClassReport, DismissReportBody, ResolvedReport } from '@kalike/shared/contracts/admin-refunds';
import { refundReasonLabels } from '@kalike/shared/domain/refund-policy';
import { formatCalendarDate, istDateKey } from '@kalike/shared/format/dates';
import type { AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import type { PackRow } from '../class-packs/class-packs.repository';
import { giveBackClass } from '../ledger/class-return';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import { adminPackOf, logAdminAction, perClassPaise, refundingAdmins } from './admin-packs';
import type { OpenReportRow } from './class-not-held.repository';
import { classReportNotFound } from './class-not-held';
import { bookRefund } from './refund-booking';
import type { RefundSender } from './refund-sender';
import { textRefund } from './refund-settlement';
import { toRefunds } from './refund-views';
import type { RefundRow } from './refunds.repository';

export interface AdminClassReportsDeps {
  repository: PaymentsRepository;
  sender: RefundSender;
  now: () => Date;
}

const QUEUE_LIMIT = 100;

type Reader = Pick<PaymentsQueries, 'ledger' | 'packs' | 'adminRefunds'>;

/** Where the reported class stands on the ledger: taken from a pack, owed, or not taken (the pack in date that day would have given it). */
type ClassSource = { kind: 'pack'; pack: PackRow } | { kind: 'owed'; owedPaise: number } | { kind: 'covering'; pack: PackRow } | { kind: 'none' };

async function sourceOf(reader: Reader, batchStudentId: string, sessionId: string, classOn: string): Promise<ClassSource> {
  const consumption = await reader.ledger.findConsumption(batchStudentId, sessionId);
  if (consumption && !consumption.returned_by) {
    const pack = consumption.batch_student_plan_id ? await reader.packs.find(consumption.batch_student_plan_id) : undefined;
    if (consumption.classes_delta < 0 && pack) return { kind: 'pack', pack };
    return { kind: 'owed', owedPaise: 0 - consumption.amount_paise };
  }
  const covering = (await reader.packs.findOf(batchStudentId)).find(
    (pack) =>
      pack.status === 'active' && pack.classes_left > 0 && pack.valid_from !== null && pack.valid_from <= classOn && (pack.valid_until ?? classOn) >= classOn,
  );
  return covering ? { kind: 'covering', pack: covering } : { kind: 'none' };
}

/** What refunding the class gives back: one class at the price paid per class, within what the pack still holds unrefunded. */
async function classRefundPaise(reader: Reader, source: ClassSource): Promise<number> {
  if (source.kind === 'owed') return source.owedPaise;
  if (source.kind === 'none') return 0;
  const refundable = source.pack.paid_paise - (await reader.adminRefunds.refundedOfPack(source.pack.id));
  return Math.max(0, Math.min(perClassPaise(source.pack), refundable));
}

async function toAdminReport(reader: Reader, row: OpenReportRow): Promise<AdminClassReport> {
  const source = await sourceOf(reader, row.batch_student_id, row.session_id, row.class_on);
  const family = {
    pack_id: '',
    batch_student_id: row.batch_student_id,
    family_name: row.family_name,
    family_phone: row.family_phone,
    student_name: row.student_name,
    teacher_name: row.teacher_name,
    batch_name: row.batch_name,
    receipt_number: null,
  };
  return {
    id: row.id,
    familyName: row.family_name,
    familyPhone: row.family_phone,
    studentName: row.student_name ?? row.family_name,
    teacherName: row.teacher_name,
    batchName: row.batch_name,
    programName: row.program_name,
    classOn: row.class_on,
    startsAt: row.starts_at.toISOString(),
    marked: row.marked,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    pack: source.kind === 'pack' || source.kind === 'covering' ? await adminPackOf(reader, family, source.pack) : null,
    classRefundPaise: await classRefundPaise(reader, source),
  };
}

const notFound = classReportNotFound;

/** Locks an open report; a resolved one is 409. */
async function lockOpen(tx: PaymentsQueries, reportId: string) {
  const report = await tx.classReports.lockReport(reportId);
  if (!report) throw notFound();
  if (report.status !== 'open') throw new DomainError('CLASS_REPORT_RESOLVED', `This report was already ${report.status}`, 409);
  return report;
}

/**
 * Refunds the reported class (see docs/payments.md, "A class that did not happen"): a class taken
 * from a pack comes back to it and is refunded at the price paid per class, so the family holds
 * what they held and has the class's money back; a class not taken comes off the pack in date
 * that day, refunded the same way; a class booked as owed is simply no longer owed.
 */
async function refundClass(
  tx: PaymentsQueries,
  report: { id: string; batch_student_id: string; session_id: string; learner_account_id: string },
  adminId: string,
  at: Date,
) {
  const place = await tx.places.find(report.batch_student_id);
  if (!place) throw notFound();
  await tx.learners.lock(place.learner_account_id);
  await tx.places.lock(place.id);
  const session = await tx.ledger.findSessionOfBatch(report.session_id, place.batch_id);
  if (!session) throw notFound();
  const source = await sourceOf(tx, place.id, report.session_id, session.day);
  const amountPaise = await classRefundPaise(tx, source);
  if (amountPaise === 0)
    throw new DomainError(
      'NOTHING_TO_REFUND',
      'No pack paid for this class and nothing is owed for it: dismiss the report with a reason, or refund an amount',
      409,
    );
  const because = `Kalike refunded it: the class did not happen`;
  if (source.kind === 'owed' || source.kind === 'pack') await giveBackClass(tx, place.id, report.session_id, at, because);
  if (source.kind === 'owed' || source.kind === 'none') return { rows: [] as RefundRow[], amountPaise, packId: null };
  const pack = (await tx.packs.find(source.pack.id)) ?? source.pack;
  const rows = await bookRefund(
    tx,
    {
      learnerAccountId: place.learner_account_id,
      batchStudentId: place.id,
      pack: { id: pack.id, planName: pack.plan_name, status: pack.status, classes: 1, keep: true },
      amountPaise,
      method: 'original',
      reasonKind: 'class_not_held',
      reason: `${refundReasonLabels.class_not_held}: the class on ${formatCalendarDate(session.day)}`,
      actor: { kind: 'admin', userId: adminId },
      key: `class_not_held:${report.id}`,
      requestHash: report.id,
      paid: (await tx.refunds.paidOrderOfPack(pack.id)) ?? null,
    },
    at,
  );
  for (const row of rows) if (row.method === 'credit') await textRefund(tx, row, 'credit', at);
  return { rows, amountPaise, packId: pack.id };
}

/** Dismisses an open report with the admin's reason, logs it and texts the family, in one transaction. */
async function dismiss(tx: PaymentsQueries, reportId: string, adminId: string, reason: string, at: Date): Promise<void> {
  const report = await lockOpen(tx, reportId);
  await tx.classReports.updateReport(report.id, { status: 'dismissed', resolved_by: adminId, resolution: reason, resolved_at: at });
  await logAdminAction(
    tx,
    {
      adminUserId: adminId,
      kind: 'report_dismissed',
      learnerAccountId: report.learner_account_id,
      packId: null,
      reportId: report.id,
      refunds: [],
      amountPaise: 0,
      reason,
    },
    at,
  );
  const place = await tx.places.find(report.batch_student_id);
  if (!place) return;
  await tx.messages.enqueue(
    {
      toPhone: place.learner_phone,
      body: `Kalike: about the class of ${place.student_name ?? place.learner_name} you reported on ${formatCalendarDate(istDateKey(report.created_at))} as not held: ${reason}`,
      kind: 'class_report.dismissed',
      enquiryId: null,
    },
    at,
  );
}

/** The admins' queue of reports that a class did not happen: read, refund the class, or dismiss with a reason. */
export function createAdminClassReports({ repository, sender, now }: AdminClassReportsDeps) {
  return {
    async openReports(user: AuthUser): Promise<AdminClassReport[]> {
      refundingAdmins.idOf(user);
      const rows = await repository.classReports.findOpenReports(QUEUE_LIMIT);
      const reports: AdminClassReport[] = [];
      for (const row of rows) reports.push(await toAdminReport(repository, row));
      return reports;
    },

    async refundReport(user: AuthUser, reportId: string): Promise<ResolvedReport> {
      const adminId = refundingAdmins.idOf(user);
      const rows = await repository.transaction(async (tx) => {
        const report = await lockOpen(tx, reportId);
        const at = now();
        const done = await refundClass(tx, report, adminId, at);
        const resolution = `The class was refunded${done.rows.length === 0 ? ': it is no longer owed' : ''}`;
        await tx.classReports.updateReport(report.id, {
          status: 'refunded',
          refund_id: done.rows[0]?.id ?? null,
          resolved_by: adminId,
          resolution,
          resolved_at: at,
        });
        await logAdminAction(
          tx,
          {
            adminUserId: adminId,
            kind: 'report_refunded',
            learnerAccountId: report.learner_account_id,
            packId: done.packId,
            reportId: report.id,
            refunds: done.rows,
            amountPaise: done.amountPaise,
            reason: resolution,
          },
          at,
        );
        return done.rows;
      });
      for (const row of rows) if (row.status === 'pending') await sender.send(row.id);
      const fresh = await repository.refunds.findByKeys(rows.map((row) => row.idempotency_key));
      return { id: reportId, status: 'refunded', refunds: await toRefunds(repository, fresh) };
    },

    async dismissReport(user: AuthUser, reportId: string, body: DismissReportBody): Promise<ResolvedReport> {
      const adminId = refundingAdmins.idOf(user);
      await repository.transaction((tx) => dismiss(tx, reportId, adminId, body.reason.trim(), now()));
      return { id: reportId, status: 'dismissed', refunds: [] };
    },
  };
}
