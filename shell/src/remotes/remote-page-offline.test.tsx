import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { offlineMessage } from '@kalike/shared/api/api-error';
import { createQueryClient } from '@kalike/shared/query/query-client';
import { setBrowserOnline } from '@kalike/shared/testing/connection';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';

import { setFakeRemoteLoader } from './testing/federation-runtime-fake';
import { RemotePage } from './remote-page';
import { serveRegistryAndSilenceFailureLogs } from './testing/remote-page-setup';

serveRegistryAndSilenceFailureLogs();
afterEach(() => act(() => setBrowserOnline(true)));

it('says a remote could not load because the learner is offline, and loads it by itself when the connection is back', async () => {
  let connected = true;
  let arrive!: () => void;
  const firstAnswer = new Promise<void>((resolve) => (arrive = resolve));
  setFakeRemoteLoader(async () => {
    await firstAnswer;
    if (!connected) throw new Error('Failed to get manifest #RUNTIME-003');
    return { pages: { discover: () => <h1>Discover teachers</h1> } };
  });
  // The app's query client is mounted for the whole visit; it is what hears the connection change.
  const client = createQueryClient();
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <AppThemeProvider>
          <MemoryRouter>
            <RemotePage remote="mfe_discover" page="discover" />
          </MemoryRouter>
        </AppThemeProvider>
      </QueryClientProvider>,
    );
  });
  // The connection drops while the remote is on its way.
  act(() => setBrowserOnline(false));
  connected = false;
  await act(async () => arrive());

  expect(await screen.findByRole('heading', { name: 'Discover could not be loaded' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(offlineMessage);

  connected = true;
  await act(async () => setBrowserOnline(true));
  expect(await screen.findByRole('heading', { name: 'Discover teachers' })).toBeInTheDocument();
});
