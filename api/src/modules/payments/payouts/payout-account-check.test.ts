import { judgeAccountCheck } from './payout-account.service';
import type { AccountCheck } from './payout-provider';

const verified = (nameAtBank: string | null): AccountCheck => ({ verification: 'verified', providerAccountId: 'fa_1', nameAtBank, reason: null });

describe("a provider's check judged against the teacher's name", () => {
  test('the teacher’s own name at the bank stays verified', () => {
    expect(judgeAccountCheck(verified('SMT K. S. LAKSHMI'), 'Lakshmi Krishna Subramanian')).toEqual(verified('SMT K. S. LAKSHMI'));
  });

  test('another name, or none, is held for review with the fund account kept', () => {
    expect(judgeAccountCheck(verified('SOMEONE ELSE ENTIRELY'), 'Priya Gowda')).toEqual({ ...verified('SOMEONE ELSE ENTIRELY'), verification: 'review' });
    expect(judgeAccountCheck(verified(null), 'Priya Gowda')).toEqual({ ...verified(null), verification: 'review' });
  });

  test('a pending or failed check is left as it is', () => {
    const pending: AccountCheck = { verification: 'pending', providerAccountId: 'fa_1', nameAtBank: null, reason: null };
    const failed: AccountCheck = { verification: 'failed', providerAccountId: null, nameAtBank: null, reason: 'No such account' };
    expect(judgeAccountCheck(pending, 'Priya Gowda')).toBe(pending);
    expect(judgeAccountCheck(failed, 'Priya Gowda')).toBe(failed);
  });
});
