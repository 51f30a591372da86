import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import type { RemoteName, RemotePageName } from '@kalike/shared/federation/remote-pages';

import { setFakeRemoteLoader } from './testing/federation-runtime-fake';
import { RemotePage } from './remote-page';
import { serveRegistryAndSilenceFailureLogs } from './testing/remote-page-setup';

serveRegistryAndSilenceFailureLogs();

/** `use()` suspends on the remote load; the render must be awaited inside act. */
// Loads are cached per remote for the page's lifetime, so each test uses its own remote.
async function renderPage(remote: RemoteName, page: RemotePageName) {
  return act(async () =>
    render(
      <AppThemeProvider>
        <MemoryRouter>
          <RemotePage remote={remote} page={page} />
        </MemoryRouter>
      </AppThemeProvider>,
    ),
  );
}

describe('RemotePage', () => {
  it('renders the page the remote exposes', async () => {
    setFakeRemoteLoader(async () => ({ pages: { categories: () => <h1>All categories</h1> } }));
    await renderPage('mfe_discover', 'categories');
    expect(await screen.findByRole('heading', { name: 'All categories' })).toBeInTheDocument();
  });

  it('shows a fallback inside the layout when the remote is down, and recovers on "Try again"', async () => {
    let up = false;
    setFakeRemoteLoader(async () => {
      if (!up) throw new Error('Failed to get manifest #RUNTIME-003');
      return { pages: { discover: () => <h1>Discover teachers</h1> } };
    });
    await renderPage('mfe_enquiry', 'discover');
    expect(await screen.findByRole('heading', { name: 'Enquiries could not be loaded' })).toBeInTheDocument();
    up = true;
    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { name: 'Discover teachers' })).toBeInTheDocument();
  });

  it('treats a module without a pages map as a broken remote', async () => {
    setFakeRemoteLoader(async () => ({ default: 'something else' }));
    await renderPage('mfe_payments', 'teachers');
    expect(await screen.findByRole('heading', { name: 'Payments could not be loaded' })).toBeInTheDocument();
  });

  it('says a mapped page has not shipped yet rather than failing', async () => {
    setFakeRemoteLoader(async () => ({ pages: {} }));
    await renderPage('mfe_sessions', 'meet');
    expect(await screen.findByRole('heading', { name: 'This page is not available yet' })).toBeInTheDocument();
  });
});
