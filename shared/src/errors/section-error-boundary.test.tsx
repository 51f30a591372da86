import { act, screen, waitFor } from '@testing-library/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { ApiError, fallbackErrorMessage, offlineMessage } from '@kalike/shared/api/api-error';
import { setBrowserOnline } from '@kalike/shared/testing/connection';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { SectionErrorBoundary } from './section-error-boundary';

/** What the API client throws when fetch itself fails (no connection). */
const networkError = () => new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'We could not reach Kalike. Check your connection and try again.' });

function Categories({ load }: { load: () => Promise<string> }) {
  const { data } = useSuspenseQuery({ queryKey: ['categories'], queryFn: load });
  return <p>{data}</p>;
}

const renderSection = (load: () => Promise<string>) =>
  renderWithApp(
    <SectionErrorBoundary title="Categories could not be loaded">
      <Suspense fallback={<p>Loading</p>}>
        <Categories load={load} />
      </Suspense>
    </SectionErrorBoundary>,
  );

describe('SectionErrorBoundary and the connection', () => {
  // The boundary logs the caught error; the failure is the point of these tests.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => {
    act(() => setBrowserOnline(true));
    jest.restoreAllMocks();
  });

  it('says the learner is offline, not the generic fallback, and loads again by itself when the connection is back', async () => {
    let answer: () => Promise<string> = () => Promise.reject(new Error('Failed to fetch'));
    const load = jest.fn(() => answer());
    renderSection(load);
    // The connection drops while the first request is on its way.
    act(() => setBrowserOnline(false));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(offlineMessage);
    expect(alert).not.toHaveTextContent(fallbackErrorMessage);

    answer = () => Promise.resolve('Chess, Guitar, Bharatanatyam');
    act(() => setBrowserOnline(true));
    expect(await screen.findByText('Chess, Guitar, Bharatanatyam')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a network failure worded as such while online', async () => {
    renderSection(() => Promise.reject(networkError()));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach Kalike. Check your connection and try again.');
  });

  it("keeps the server's own answer even when the connection drops afterwards", async () => {
    renderSection(() => Promise.reject(new ApiError({ statusCode: 404, code: 'CATEGORY_NOT_FOUND', message: 'There is no such subject.' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such subject.');
    act(() => setBrowserOnline(false));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('There is no such subject.'));
  });
});
