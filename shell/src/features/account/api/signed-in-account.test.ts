import { QueryClient } from '@tanstack/react-query';
import type { LearnerAccountDto } from '@kalike/shared/contracts/accounts';
import { userStore } from '@kalike/shared/user/user-store';

import { learnerAccountKeys } from '@kalike/shared/learner-account/learner-account-api';
import { watchSignedInAccount } from './signed-in-account';

const tokens = { accessToken: 'eyJhbGciOiJIUzI1NiJ9.payload.signature', refreshToken: 'r'.repeat(43) };
const accountId = '0b6f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';

function account(changes: Partial<LearnerAccountDto> = {}): LearnerAccountDto {
  return {
    id: accountId,
    name: { name: 'Asha Rao' },
    email: null,
    phone: { phone: '+919845012345' },
    isCustomer: false,
    students: {},
    locations: [],
    ...changes,
  };
}

describe('the signed-in account in the user store', () => {
  let client: QueryClient;
  let stop: () => void;

  beforeEach(() => {
    client = new QueryClient();
    stop = watchSignedInAccount(client);
    userStore.getState().setUser({
      userType: 'Learner',
      learnerAccount: { id: accountId, name: 'Asha Rao', isCustomer: false },
      teacher: null,
      isAdmin: false,
      tokens,
      learnerTokens: tokens,
      teacherTokens: null,
    });
  });

  afterEach(() => {
    stop();
    userStore.getState().clearUser();
  });

  it('becomes a customer when the refetched account says so', async () => {
    await client.fetchQuery({ queryKey: learnerAccountKeys.account(accountId), queryFn: async () => account({ isCustomer: true }) });
    expect(userStore.getState().user?.learnerAccount).toEqual({ id: accountId, name: 'Asha Rao', isCustomer: true });
  });

  it('takes the new name after an edit puts the account in the cache', () => {
    client.setQueryData(learnerAccountKeys.account(accountId), account({ name: { name: 'ಕಿರಣ್' } }));
    expect(userStore.getState().user?.learnerAccount?.name).toBe('ಕಿರಣ್');
  });

  it("ignores another account's data", () => {
    const otherId = '1c7a8d2f-3e4b-4c6d-9e0f-1a2b3c4d5e6f';
    client.setQueryData(learnerAccountKeys.account(otherId), account({ id: otherId, isCustomer: true, name: { name: 'Someone' } }));
    expect(userStore.getState().user?.learnerAccount).toEqual({ id: accountId, name: 'Asha Rao', isCustomer: false });
  });
});
