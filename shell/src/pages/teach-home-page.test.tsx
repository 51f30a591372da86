import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { setFakeRemoteLoader } from '../remotes/testing/federation-runtime-fake';
import { serveRegistryAndSilenceFailureLogs } from '../remotes/testing/remote-page-setup';
import TeachHomePage from './teach-home-page';

serveRegistryAndSilenceFailureLogs();

function Widget({ title }: { title: string }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
    </section>
  );
}

async function renderHome() {
  return act(async () =>
    render(
      <AppThemeProvider>
        <MemoryRouter initialEntries={['/teach']}>
          <TeachHomePage />
        </MemoryRouter>
      </AppThemeProvider>,
    ),
  );
}

describe('the /teach home', () => {
  beforeEach(() => signInTeacher('Priya Gowda'));
  afterEach(() => signOut());

  // Loads are cached per remote for the page's lifetime, so this file renders the home once per state it needs.
  it('greets the teacher and shows every widget, with a small card for the one remote that is down, which comes back on "Try again"', async () => {
    let paymentsUp = false;
    setFakeRemoteLoader(async (id) => {
      if (id.startsWith('mfe_sessions')) return { pages: { 'teach-home-today': () => <Widget title="2 classes today" /> } };
      if (id.startsWith('mfe_enquiry')) return { pages: { 'teach-home-enquiries': () => <Widget title="3 enquiries waiting" /> } };
      if (!paymentsUp) throw new Error('Failed to get manifest #RUNTIME-003');
      return { pages: { 'teach-home-money': () => <Widget title="₹4,500 due" /> } };
    });
    await renderHome();

    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Priya' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your listings' })).toHaveAttribute('href', '/teach/listings');
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(
      expect.arrayContaining(["Today's classes", 'Enquiries waiting', 'Money due']),
    );
    expect(await screen.findByRole('heading', { name: '2 classes today' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '3 enquiries waiting' })).toBeInTheDocument();
    const failed = await within(screen.getByRole('region', { name: 'Money due' })).findByRole('alert');
    expect(within(failed).getByRole('heading', { level: 2, name: 'Money due could not be loaded' })).toBeInTheDocument();
    // One failure is one card: no page-level heading replaces the home's.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    paymentsUp = true;
    await act(async () => userEvent.click(within(failed).getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { name: '₹4,500 due' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
