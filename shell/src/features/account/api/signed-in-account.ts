import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { LearnerAccountDto } from '@kalike/shared/contracts/accounts';
import { userStore } from '@kalike/shared/user/user-store';

import { learnerAccountKeys } from '@kalike/shared/learner-account/learner-account-api';

/** Copies what the signed-in user keeps of their account (name, isCustomer) when it changed. */
export function rememberSignedInAccount(account: LearnerAccountDto): void {
  const { user, setUser } = userStore.getState();
  const known = user?.learnerAccount;
  if (!user || known?.id !== account.id) return;
  if (known.name === account.name.name && known.isCustomer === account.isCustomer) return;
  setUser({ ...user, learnerAccount: { id: account.id, name: account.name.name, isCustomer: account.isCustomer } });
}

function isAccount(data: unknown): data is LearnerAccountDto {
  if (typeof data !== 'object' || data === null) return false;
  const { id, name, isCustomer } = data as Record<string, unknown>;
  return typeof id === 'string' && typeof isCustomer === 'boolean' && typeof (name as { name?: unknown } | null)?.name === 'string';
}

/**
 * Whenever the signed-in learner's account lands in the cache (fetched by any page, or set
 * after an edit), the user store follows it: the header's name and analytics' user_type
 * (a first payment makes a customer) stay true without signing in again.
 */
export function watchSignedInAccount(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const id = userStore.getState().user?.learnerAccount?.id;
    if (!id || event.query.queryHash !== hashKey(learnerAccountKeys.account(id))) return;
    if (isAccount(event.query.state.data)) rememberSignedInAccount(event.query.state.data);
  });
}
