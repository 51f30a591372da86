import { teachersOnly } from '../../../plugins/auth';

/** Who may have a payout account and payouts: teachers only. */
export const payoutTeachers = teachersOnly('Only teachers are paid out');
