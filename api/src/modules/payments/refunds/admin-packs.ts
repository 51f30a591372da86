import type { AdminMoneyAction, AdminPack } from '@kalike/shared/contracts/admin-refunds';
import type { AdminMoneyActionKind } from '@kalike/shared/contracts/admin-refunds';
import { adminsOnly } from '../../../plugins/auth';
import type { PackRow } from '../class-packs/class-packs.repository';
import { unusedCreditPaise } from '../money';
import type { PaymentsQueries } from '../payments.repository';
import type { AdminActionListRow, FamilyPackRow } from './admin-refunds.repository';
import type { RefundRow } from './refunds.repository';

/** Refunds by Kalike's admins, the queue of reports and the log: admins only (403 for anyone else). */
export const refundingAdmins = adminsOnly('Only Kalike admins refund families and read their reports');

/** One class at the price paid per class of the pack. */
export const perClassPaise = (pack: Pick<PackRow, 'paid_paise' | 'classes_total'>) =>
  unusedCreditPaise({ paidPaise: pack.paid_paise, classesTotal: pack.classes_total, classesLeft: 1 });

/** A pack as the admin reads it, with what of it was refunded and what can still be. */
export async function adminPackOf(reader: Pick<PaymentsQueries, 'adminRefunds'>, family: FamilyPackRow, pack: PackRow): Promise<AdminPack> {
  const refundedPaise = await reader.adminRefunds.refundedOfPack(pack.id);
  return {
    id: pack.id,
    batchStudentId: family.batch_student_id,
    familyName: family.family_name,
    familyPhone: family.family_phone,
    studentName: family.student_name ?? family.family_name,
    teacherName: family.teacher_name,
    batchName: family.batch_name,
    planName: pack.plan_name,
    status: pack.status,
    classesTotal: pack.classes_total,
    classesLeft: Math.max(0, pack.classes_left),
    classesUsed: Math.max(0, pack.classes_used),
    validUntil: pack.valid_until,
    paidPaise: pack.paid_paise,
    refundedPaise,
    refundablePaise: Math.max(0, pack.paid_paise - refundedPaise),
    perClassPaise: perClassPaise(pack),
    receiptNumber: family.receipt_number,
  };
}

/** Writes the log row of an admin money action, in the caller's transaction (the action's own). */
export async function logAdminAction(
  tx: Pick<PaymentsQueries, 'adminRefunds'>,
  action: {
    adminUserId: string;
    kind: AdminMoneyActionKind;
    learnerAccountId: string;
    packId: string | null;
    reportId: string | null;
    refunds: readonly RefundRow[];
    amountPaise?: number;
    reason: string;
    idempotencyKey?: string;
  },
  at: Date,
): Promise<void> {
  await tx.adminRefunds.insertAction({
    admin_user_id: action.adminUserId,
    kind: action.kind,
    learner_account_id: action.learnerAccountId,
    batch_student_plan_id: action.packId,
    report_id: action.reportId,
    refund_id: action.refunds[0]?.id ?? null,
    amount_paise: action.amountPaise ?? action.refunds.reduce((sum, row) => sum + row.amount_paise, 0),
    reason: action.reason,
    idempotency_key: action.idempotencyKey ?? null,
    created_at: at,
  });
}

export function toAdminMoneyAction(row: AdminActionListRow): AdminMoneyAction {
  return {
    id: row.id,
    kind: row.kind,
    adminName: row.admin_name,
    at: row.created_at.toISOString(),
    familyName: row.family_name,
    packId: row.batch_student_plan_id,
    reportId: row.report_id,
    refundId: row.refund_id,
    amountPaise: row.amount_paise,
    reason: row.reason,
  };
}
