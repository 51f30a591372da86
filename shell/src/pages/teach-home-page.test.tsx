import { act, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@kalike/shared/query/query-client';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { setFakeRemoteLoader } from '../remotes/testing/federation-runtime-fake';
import { serveRegistryAndSilenceFailureLogs } from '../remotes/testing/remote-page-setup';
import TeachHomePage from './teach-home-page';

serveRegistryAndSilenceFailureLogs();

// The Get started card reads the teacher's setup (its own tests say what it shows); the registry answers the rest.
const setupAnswers: Record<string, unknown> = {
  '/v1/teachers/me/profile': { name: 'Priya Gowda', bio: '', experienceYears: 0, languages: [], qualifications: [], photo: null, pagePath: null },
  '/v1/teachers/me/listings': { items: [], joinedWith: { categoryId: null, locality: null } },
  '/v1/payments/teacher/payout-account': { statusCode: 404, code: 'NOT_FOUND', message: 'No payout account yet.' },
};
beforeEach(() => {
  const registry = global.fetch;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(input instanceof Request ? input.url : String(input), 'http://api.test').pathname;
    const answer = setupAnswers[path];
    if (answer === undefined) return registry(input, init);
    return new Response(JSON.stringify(answer), { status: path.endsWith('payout-account') ? 404 : 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});

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
      <QueryClientProvider client={createQueryClient()}>
        <AppThemeProvider>
          <MemoryRouter initialEntries={['/teach']}>
            <TeachHomePage />
          </MemoryRouter>
        </AppThemeProvider>
      </QueryClientProvider>,
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
    // A teacher who just joined starts from here: profile, listings and payouts, one link each.
    const started = screen.getByRole('region', { name: 'Get started' });
    expect(
      within(started)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/teach/profile', '/teach/listings', '/teach/payouts']);
    expect(within(started).getByRole('link', { name: /Your profile/ })).toBeInTheDocument();
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
