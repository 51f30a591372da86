import { act, render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, fallbackErrorMessage, offlineMessage, readableErrorMessage } from '@kalike/shared/api/api-error';
import { queryClient } from '@kalike/shared/query/query-client';
import { setBrowserOnline } from '@kalike/shared/testing/connection';
import { ToastViewport } from '@kalike/shared/ui/toast-viewport';
import { toastStore } from '@kalike/shared/ui/toast-store';

import { AppProviders } from '../../app/providers';
import { OfflineBanner } from './offline-banner';

/** What the API client throws when fetch fails for want of a connection. */
const networkError = new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'We could not reach Kalike. Check your connection and try again.' });

function Updates({ load }: { load: () => Promise<string> }) {
  const updates = useQuery({ queryKey: ['updates'], queryFn: load, retry: false });
  if (updates.isError) return <p>{readableErrorMessage(updates.error)}</p>;
  return <p>{updates.data ?? 'Loading updates'}</p>;
}

function renderApp(load: () => Promise<string>) {
  return render(
    <AppProviders>
      <Updates load={load} />
      <OfflineBanner aboveTabBar={false} />
      <ToastViewport />
    </AppProviders>,
  );
}

describe('offline', () => {
  afterEach(() => {
    act(() => setBrowserOnline(true));
    queryClient.clear();
    toastStore.setState({ toasts: [] });
  });

  it('says so in a banner while offline, and only then', async () => {
    renderApp(() => Promise.resolve('Kiran Rao posted a holiday'));
    expect(await screen.findByText('Kiran Rao posted a holiday')).toBeInTheDocument();
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();

    act(() => setBrowserOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(offlineMessage);

    act(() => setBrowserOnline(true));
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('waits for the connection instead of failing a query started offline, then loads it', async () => {
    const load = jest.fn(() => Promise.resolve('Kiran Rao posted a holiday'));
    const view = renderApp(() => Promise.resolve('Nothing new'));
    await screen.findByText('Nothing new');

    act(() => setBrowserOnline(false));
    // The learner moves on to a page whose data is not loaded yet.
    act(() => queryClient.removeQueries({ queryKey: ['updates'] }));
    view.rerender(
      <AppProviders>
        <Updates load={load} />
        <OfflineBanner aboveTabBar={false} />
        <ToastViewport />
      </AppProviders>,
    );
    expect(await screen.findByText('Loading updates')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();

    act(() => setBrowserOnline(true));
    expect(await screen.findByText('Kiran Rao posted a holiday')).toBeInTheDocument();
  });

  it('retries a query that failed as the connection dropped, with the offline words and no error toast meanwhile', async () => {
    let fail!: (error: unknown) => void;
    const load = jest
      .fn<Promise<string>, []>()
      .mockImplementationOnce(() => new Promise((_resolve, reject) => (fail = reject)))
      .mockResolvedValue('Kiran Rao posted a holiday');
    renderApp(load);

    act(() => setBrowserOnline(false));
    await act(async () => fail(networkError));
    expect(await screen.findByText(offlineMessage, { selector: 'p:not([data-testid])' })).toBeInTheDocument();
    expect(screen.queryByText(fallbackErrorMessage)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => setBrowserOnline(true));
    expect(await screen.findByText('Kiran Rao posted a holiday')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
