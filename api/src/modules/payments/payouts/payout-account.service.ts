import type { PayoutAccount, PayoutAccountBody } from '@kalike/shared/contracts/payouts';
import { maskedPayoutDestination } from '@kalike/shared/domain/payout-lifecycle';
import type { AuthUser } from '../../../plugins/auth';
import type { ActionCodes } from '../../auth/action-codes.port';
import { holderNamesMatch } from './holder-name-match';
import type { JudgedCheck } from './payout-accounts.repository';
import { accountDto } from './payout-dtos';
import type { AccountCheck, PayoutProviderAdapter } from './payout-provider';
import { payoutTeachers } from './payout-teachers';
import type { PayoutsRepository } from './payouts.repository';

export interface PayoutAccountServiceDeps {
  repository: Pick<PayoutsRepository, 'accountOf' | 'teacherName' | 'saveAccount' | 'settleAccountCheck' | 'accountByProviderId' | 'recordAudit'>;
  provider: PayoutProviderAdapter;
  actionCodes: ActionCodes;
  now: () => Date;
}

/**
 * A verified account is only as good as the name it is held under: one the bank holds under a
 * name that is not the teacher's (or under no name it told us) is held for an admin's review.
 */
export function judgeAccountCheck(check: AccountCheck, teacherName: string): JudgedCheck {
  if (check.verification !== 'verified') return check;
  return check.nameAtBank && holderNamesMatch(teacherName, check.nameAtBank) ? check : { ...check, verification: 'review' };
}

/** The teacher's payout account: reading it, saving it once the provider has checked it, and a check answered later. */
export function createPayoutAccountService({ repository, provider, actionCodes, now }: PayoutAccountServiceDeps) {
  return {
    async account(user: AuthUser): Promise<PayoutAccount | null> {
      const row = await repository.accountOf(payoutTeachers.idOf(user));
      return row ? accountDto(row) : null;
    },

    /**
     * Only with a fresh code texted for this purpose (checked before anything else, used up with
     * the change). Then checks the account with the provider and stores only the result (the
     * last four digits of a bank account, never the number): a changed account is verified
     * again, the bank's name is compared with the teacher's, and while the provider cannot be
     * reached the old account stays as it was (and the code stays usable).
     */
    async saveAccount(user: AuthUser, body: PayoutAccountBody): Promise<PayoutAccount> {
      const teacherId = payoutTeachers.idOf(user);
      const code = { userId: user.userId, purpose: 'payout-account' as const, confirmation: body.confirmation, at: now() };
      await actionCodes.verify(code);
      const account: PayoutAccountBody =
        body.kind === 'upi'
          ? { kind: 'upi', upiId: body.upiId.trim().toLowerCase() }
          : { kind: 'bank', holderName: body.holderName.trim().replace(/\s+/g, ' '), accountNumber: body.accountNumber, ifsc: body.ifsc };
      await repository.recordAudit({
        teacherId,
        event: 'account_change_requested',
        actor: 'teacher',
        actorUserId: user.userId,
        destination: maskedPayoutDestination({
          kind: account.kind,
          accountLast4: account.kind === 'bank' ? account.accountNumber.slice(-4) : null,
          upiId: account.kind === 'upi' ? account.upiId : null,
        }),
        at: code.at,
      });
      const teacherName = await repository.teacherName(teacherId);
      const check = judgeAccountCheck(await provider.verifyAccount({ teacherId, teacherName, account }), teacherName);
      const saved = await repository.saveAccount({
        teacherId,
        account:
          account.kind === 'upi'
            ? { kind: 'upi', holderName: null, accountLast4: null, ifsc: null, upiId: account.upiId }
            : { kind: 'bank', holderName: account.holderName, accountLast4: account.accountNumber.slice(-4), ifsc: account.ifsc, upiId: null },
        check,
        provider: provider.name,
        at: now(),
        actorUserId: user.userId,
        confirm: (trx) => actionCodes.spend(trx, code),
      });
      return accountDto(saved);
    },

    async settleAccountCheck(providerAccountId: string, check: AccountCheck): Promise<number> {
      const account = await repository.accountByProviderId(providerAccountId);
      if (!account) return 0;
      return repository.settleAccountCheck(providerAccountId, judgeAccountCheck(check, account.teacher_name), now());
    },
  };
}
