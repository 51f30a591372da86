import { useUserStore } from '@kalike/shared/user/user-store';

export interface SignedInLearner {
  accountId: string | null;
  name: string;
}

const select = (state: { user: { learnerAccount: { id: string; name: string } | null } | null }) => state.user;

/** The signed-in learner's account id and name; null when signed out. */
export function useSignedInLearner(): SignedInLearner | null {
  const user = useUserStore(select);
  if (!user) return null;
  return { accountId: user.learnerAccount?.id ?? null, name: user.learnerAccount?.name ?? '' };
}
