import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';

import { setFakeRemoteLoader } from './testing/federation-runtime-fake';
import { RemotePage } from './remote-page';
import { serveRegistryAndSilenceFailureLogs } from './testing/remote-page-setup';

serveRegistryAndSilenceFailureLogs();

describe('RemotePage as a card', () => {
  it('says a widget its remote has not shipped is not available yet, as a small card, not a page', async () => {
    setFakeRemoteLoader(async () => ({ pages: {} }));
    await act(async () =>
      render(
        <AppThemeProvider>
          <MemoryRouter>
            <RemotePage remote="mfe_sessions" page="teach-home-today" card={{ title: "Today's classes" }} />
          </MemoryRouter>
        </AppThemeProvider>,
      ),
    );
    expect(await screen.findByRole('heading', { level: 2, name: "Today's classes is not available yet" })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });
});
