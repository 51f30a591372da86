import { useUserStore } from '@kalike/shared/user/user-store';

export interface SignedInLearner {
  /** The learner account whose students and enquiries these are; null before the account exists. */
  accountId: string | null;
  name: string;
}

const select = (state: { user: { learnerAccount: { id: string; name: string } | null } | null }) => state.user;

/** Who is signed in, as far as enquiries care; null when signed out. */
export function useSignedInLearner(): SignedInLearner | null {
  const user = useUserStore(select);
  if (!user) return null;
  return { accountId: user.learnerAccount?.id ?? null, name: user.learnerAccount?.name ?? '' };
}
