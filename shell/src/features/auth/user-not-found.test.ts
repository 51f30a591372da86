import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@kalike/shared/api/api-error';

import { watchUserNotFound } from './user-not-found';

const userNotFound = new ApiError({ statusCode: 404, code: 'USER_ERROR_NOT_FOUND', message: 'This learner account does not exist' });
const otherFailure = new ApiError({ statusCode: 409, code: 'ENQUIRY_ALREADY_OPEN', message: 'You already asked this teacher' });

describe('a user the API no longer knows', () => {
  let client: QueryClient;
  let onUserNotFound: jest.Mock;
  let stop: () => void;

  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    onUserNotFound = jest.fn();
    stop = watchUserNotFound(client, onUserNotFound);
  });
  afterEach(() => stop());

  it('is noticed when a query fails with USER_ERROR_NOT_FOUND', async () => {
    await client.fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(userNotFound) }).catch(() => undefined);
    expect(onUserNotFound).toHaveBeenCalledTimes(1);
  });

  it('is noticed when a mutation fails with USER_ERROR_NOT_FOUND', async () => {
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(userNotFound) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(onUserNotFound).toHaveBeenCalledTimes(1);
  });

  it('leaves other failures to their screens', async () => {
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(otherFailure) });
    await mutation.execute(undefined).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['sessions'], queryFn: () => Promise.reject(otherFailure) }).catch(() => undefined);
    expect(onUserNotFound).not.toHaveBeenCalled();
  });
});
