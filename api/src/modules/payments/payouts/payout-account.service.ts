import type { PayoutAccount, PayoutAccountBody } from '@kalike/shared/contracts/payouts';
import type { AuthUser } from '../../../plugins/auth';
import { holderNamesMatch } from './holder-name-match';
import type { JudgedCheck } from './payout-accounts.repository';
import { accountDto } from './payout-dtos';
import type { AccountCheck, PayoutProviderAdapter } from './payout-provider';
import { payoutTeachers } from './payout-teachers';
import type { PayoutsRepository } from './payouts.repository';

export interface PayoutAccountServiceDeps {
  repository: Pick<PayoutsRepository, 'accountOf' | 'teacherName' | 'saveAccount' | 'settleAccountCheck' | 'accountByProviderId'>;
  provider: PayoutProviderAdapter;
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
export function createPayoutAccountService({ repository, provider, now }: PayoutAccountServiceDeps) {
  return {
    async account(user: AuthUser): Promise<PayoutAccount | null> {
      const row = await repository.accountOf(payoutTeachers.idOf(user));
      return row ? accountDto(row) : null;
    },

    /**
     * Checks the account with the provider first and stores only the result (the last four
     * digits of a bank account, never the number): a changed account is verified again, the
     * bank's name is compared with the teacher's, and while the provider cannot be reached the
     * old account stays as it was.
     */
    async saveAccount(user: AuthUser, body: PayoutAccountBody): Promise<PayoutAccount> {
      const teacherId = payoutTeachers.idOf(user);
      const account: PayoutAccountBody =
        body.kind === 'upi' ? { kind: 'upi', upiId: body.upiId.trim().toLowerCase() } : { ...body, holderName: body.holderName.trim().replace(/\s+/g, ' ') };
      const teacherName = await repository.teacherName(teacherId);
      const check = judgeAccountCheck(await provider.verifyAccount({ teacherId, teacherName, account }), teacherName);
      const saved = await repository.saveAccount(
        teacherId,
        account.kind === 'upi'
          ? { kind: 'upi', holderName: null, accountLast4: null, ifsc: null, upiId: account.upiId }
          : { kind: 'bank', holderName: account.holderName, accountLast4: account.accountNumber.slice(-4), ifsc: account.ifsc, upiId: null },
        check,
        provider.name,
        now(),
        user.userId,
      );
      return accountDto(saved);
    },

    async settleAccountCheck(providerAccountId: string, check: AccountCheck): Promise<number> {
      const account = await repository.accountByProviderId(providerAccountId);
      if (!account) return 0;
      return repository.settleAccountCheck(providerAccountId, judgeAccountCheck(check, account.teacher_name), now());
    },
  };
}
