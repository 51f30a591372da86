import type { PayoutAccount, PayoutAccountBody } from '@kalike/shared/contracts/payouts';
import type { AuthUser } from '../../../plugins/auth';
import { accountDto } from './payout-dtos';
import type { AccountCheck, PayoutProviderAdapter } from './payout-provider';
import { payoutTeachers } from './payout-teachers';
import type { PayoutsRepository } from './payouts.repository';

export interface PayoutAccountServiceDeps {
  repository: Pick<PayoutsRepository, 'accountOf' | 'teacherName' | 'saveAccount' | 'settleAccountCheck'>;
  provider: PayoutProviderAdapter;
  now: () => Date;
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
     * digits of a bank account, never the number): a changed account is verified again, and
     * while the provider cannot be reached the old account stays as it was.
     */
    async saveAccount(user: AuthUser, body: PayoutAccountBody): Promise<PayoutAccount> {
      const teacherId = payoutTeachers.idOf(user);
      const account: PayoutAccountBody =
        body.kind === 'upi' ? { kind: 'upi', upiId: body.upiId.trim().toLowerCase() } : { ...body, holderName: body.holderName.trim().replace(/\s+/g, ' ') };
      const check = await provider.verifyAccount({ teacherId, teacherName: await repository.teacherName(teacherId), account });
      const saved = await repository.saveAccount(
        teacherId,
        account.kind === 'upi'
          ? { kind: 'upi', holderName: null, accountLast4: null, ifsc: null, upiId: account.upiId }
          : { kind: 'bank', holderName: account.holderName, accountLast4: account.accountNumber.slice(-4), ifsc: account.ifsc, upiId: null },
        check,
        provider.name,
        now(),
      );
      return accountDto(saved);
    },

    settleAccountCheck: (providerAccountId: string, check: AccountCheck) => repository.settleAccountCheck(providerAccountId, check, now()),
  };
}
