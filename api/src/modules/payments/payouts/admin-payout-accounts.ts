import type { AdminPayoutDecisionBody, AdminPayoutReviews, PayoutAuditPage, PayoutAuditQuery } from '@kalike/shared/contracts/payouts';
import { adminsOnly, type AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { accountDto, auditDto, reviewDto } from './payout-dtos';
import type { PayoutsRepository } from './payouts.repository';

/** Reviews of payout accounts and the payout audit trail: Kalike's admins only (403 for anyone else). */
export const payoutAdmins = adminsOnly('Only Kalike admins review payout accounts and read the payout audit trail');

const PAGE = 50;

function parseCursor(cursor: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(cursor)) throw new DomainError('INVALID_CURSOR', 'This page of the audit trail does not exist', 400);
  return Number(cursor);
}

export interface AdminPayoutAccountsDeps {
  repository: Pick<PayoutsRepository, 'awaitingReview' | 'decide' | 'auditPage'>;
  now: () => Date;
}

/** Accounts held after a name mismatch, an admin's decision on one, and the audit trail read per teacher. */
export function createAdminPayoutAccounts({ repository, now }: AdminPayoutAccountsDeps) {
  return {
    async awaitingReview(): Promise<AdminPayoutReviews> {
      return { items: (await repository.awaitingReview()).map(reviewDto) };
    },

    async decide(admin: AuthUser, teacherId: string, body: AdminPayoutDecisionBody) {
      const decided = await repository.decide({
        teacherId,
        approve: body.decision === 'approve',
        reason: body.reason.trim(),
        adminUserId: payoutAdmins.idOf(admin),
        at: now(),
      });
      if (!decided) throw new DomainError('NOT_AWAITING_REVIEW', 'This payout account is not awaiting review (it was decided or changed since)', 409);
      return accountDto(decided);
    },

    async audit(query: PayoutAuditQuery): Promise<PayoutAuditPage> {
      const rows = await repository.auditPage({
        teacherId: query.teacherId,
        beforeSeq: query.before ? parseCursor(query.before) : undefined,
        limit: PAGE + 1,
      });
      const page = rows.slice(0, PAGE);
      const last = page[page.length - 1];
      return { items: page.map(auditDto), nextCursor: rows.length > PAGE && last ? String(last.seq) : null };
    },
  };
}
