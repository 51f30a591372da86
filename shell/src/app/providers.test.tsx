import { act, render, screen, waitFor } from '@testing-library/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '@kalike/shared/api/api-error';
import { queryClient } from '@kalike/shared/query/query-client';
import { ToastViewport } from '@kalike/shared/ui/toast-viewport';
import { toastStore } from '@kalike/shared/ui/toast-store';

import { AppProviders } from './providers';

/** `meta` as the caller would write it; without `toastOnError` the query or mutation has no meta at all. */
const metaFor = (toastOnError: boolean | undefined) => (toastOnError === undefined ? undefined : { toastOnError });

function FailingQuery({ error, toastOnError }: { error: Error; toastOnError?: boolean }) {
  // The error is named in the key by its message: an Error object hashes to `{}`.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  useQuery({ queryKey: ['listings', error.message, String(toastOnError)], queryFn: () => Promise.reject(error), retry: false, meta: metaFor(toastOnError) });
  return null;
}

function FailingMutation({ error, toastOnError }: { error: Error; toastOnError?: boolean }) {
  const mutation = useMutation({ mutationKey: ['enquiries'], mutationFn: () => Promise.reject(error), meta: metaFor(toastOnError) });
  return <button onClick={() => mutation.mutate()}>send</button>;
}

function renderWithToasts(ui: React.ReactNode) {
  return render(
    <AppProviders>
      {ui}
      <ToastViewport />
    </AppProviders>,
  );
}

describe('default error handling (spec §8)', () => {
  afterEach(() => {
    queryClient.clear();
    toastStore.setState({ toasts: [] });
  });

  it("shows the server's message for a failed query", async () => {
    renderWithToasts(
      <FailingQuery toastOnError error={new ApiError({ statusCode: 422, code: 'VALIDATION_ERROR', message: 'That pincode is outside Bengaluru' })} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('That pincode is outside Bengaluru');
  });

  it('falls back to the standard message when the failure has none', async () => {
    renderWithToasts(<FailingQuery toastOnError error={new Error('socket hang up')} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again!! wpw');
  });

  it('stays quiet for queries whose screen shows the failure itself', async () => {
    renderWithToasts(<FailingQuery toastOnError={false} error={new ApiError({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'hidden' })} />);
    await waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('error'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays quiet for a failed mutation that does not ask for a toast', async () => {
    renderWithToasts(<FailingMutation toastOnError={false} error={new ApiError({ statusCode: 409, code: 'ENQUIRY_ALREADY_OPEN', message: 'Already sent' })} />);
    await act(async () => screen.getByRole('button', { name: 'send' }).click());
    await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays quiet for a failed query with no meta at all', async () => {
    renderWithToasts(<FailingQuery error={new ApiError({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'hidden' })} />);
    await waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('error'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays quiet for a failed mutation with no meta at all', async () => {
    renderWithToasts(<FailingMutation error={new ApiError({ statusCode: 409, code: 'ENQUIRY_ALREADY_OPEN', message: 'Already sent' })} />);
    await act(async () => screen.getByRole('button', { name: 'send' }).click());
    await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a toast for a failed mutation that asks for one', async () => {
    renderWithToasts(<FailingMutation toastOnError error={new ApiError({ statusCode: 409, code: 'ENQUIRY_ALREADY_OPEN', message: 'Already sent' })} />);
    await act(async () => screen.getByRole('button', { name: 'send' }).click());
    expect(await screen.findByRole('alert')).toHaveTextContent('Already sent');
  });
});
