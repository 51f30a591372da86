import { lazy, Suspense } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { locationStore } from '@kalike/shared/location/location-store';
import { installFakeApi } from '@kalike/shared/testing/fake-api';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import { userStore } from '@kalike/shared/user/user-store';
import { queryClient } from '@kalike/shared/query/query-client';

import { AppLayout } from './app-layout';

function Probe() {
  return <p data-testid="at">{useLocation().pathname}</p>;
}

function Page({ title, links = [] }: { title: string; links?: string[] }) {
  return (
    <main>
      <h1>{title}</h1>
      {links.map((to) => (
        <Link key={to} to={to}>
          to {to}
        </Link>
      ))}
      <Probe />
    </main>
  );
}

/** A page that takes focus itself, as a form with its first field focused does. */
function FocusingPage() {
  return (
    <main>
      <h1>Sign in</h1>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page under test is one that takes focus itself */}
      <input aria-label="Your mobile number" autoFocus />
    </main>
  );
}

let releaseSlowPage: () => void = () => undefined;
const SlowPage = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      releaseSlowPage = () => resolve({ default: () => <Page title="Slow page" /> });
    }),
);

function renderLayout(path: string) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route path="/discover" element={<Page title="Discover" links={['/categories', '/slow', '/login']} />} />
              <Route path="/categories" element={<Page title="Categories" links={['/discover']} />} />
              <Route path="/shortlist" element={<Page title="Your shortlist" />} />
              <Route path="/updates" element={<Page title="Updates" />} />
              <Route path="/teach" element={<Page title="Teacher workspace" />} />
              <Route path="/login" element={<FocusingPage />} />
              <Route
                path="/slow"
                element={
                  <Suspense fallback={<p>Loading</p>}>
                    <SlowPage />
                  </Suspense>
                }
              />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppThemeProvider>
    </QueryClientProvider>,
  );
}

const menuButton = () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Menu' });

describe('AppLayout', () => {
  beforeEach(() => {
    installFakeApi({});
    // A learner who already chose where they are: no location modal.
    locationStore.getState().choose({ address: 'Indiranagar, Bengaluru', coords: { lat: 12.9784, lng: 77.6408 }, pincode: '560038', source: 'picked' });
  });
  afterEach(() => signOut());

  describe('header', () => {
    it('reaches every destination through one labelled Menu button, which says whether it is open', async () => {
      const user = userEvent.setup();
      renderLayout('/discover');
      const nav = screen.getByRole('navigation', { name: 'Main' });
      // Closed, the destinations take no room in the header (a phone has none to spare).
      expect(within(nav).queryAllByRole('link')).toHaveLength(0);
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

      await user.click(menuButton());
      expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
      const links = within(nav).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Discover', '/discover'],
        ['Categories', '/categories'],
        ['Shortlist', '/shortlist'],
        ['Enquiries', '/enquiries'],
        ['My Classes', '/classes'],
        ['Sessions', '/learner/sessions'],
        ['Updates', '/updates'],
        ['Teach on Kalike', '/teach-on-kalike'],
      ]);
      expect(within(nav).getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');

      await user.click(within(nav).getByRole('link', { name: 'Shortlist' }));
      expect(screen.getByTestId('at')).toHaveTextContent('/shortlist');
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
      expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    });

    it('closes on Escape with focus back on the button, and on a tap outside', async () => {
      const user = userEvent.setup();
      renderLayout('/discover');
      await user.click(menuButton());
      await user.keyboard('{Escape}');
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
      expect(menuButton()).toHaveFocus();

      await user.click(menuButton());
      await user.click(screen.getByRole('heading', { name: 'Discover' }));
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    });

    it("names the account link starting with the words on it: the learner's first name", () => {
      signInLearner('Asha Rao');
      renderLayout('/discover');
      const account = screen.getByRole('link', { name: /your account/ });
      expect(account).toHaveAttribute('href', '/account');
      expect(account).toHaveAccessibleName('Asha, your account');
    });

    it("offers a teacher their workspace first in the menu, and not the learner's own pages", async () => {
      const user = userEvent.setup();
      signInTeacher('Priya Gowda');
      renderLayout('/discover');
      await user.click(menuButton());
      const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Teacher workspace', '/teach'],
        ['Enquiries', '/teach/enquiries'],
        ['Schedule', '/teach/schedule'],
        ['Payments', '/teach/payments'],
        ['Reviews', '/teach/reviews'],
        ['Discover', '/discover'],
        ['Categories', '/categories'],
      ]);
      expect(screen.getByRole('link', { name: 'Priya, your account' })).toHaveAttribute('href', '/account');
      expect(screen.getByRole('button', { name: 'Switch to learning' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Teach on Kalike' })).not.toBeInTheDocument();
    });

    it('switches a learner whose phone teaches to teaching in one tap: the stored sign-in, the cache cleared, the workspace', async () => {
      const user = userEvent.setup();
      const teacherPair = { accessToken: 'teacher-access-token-0001', refreshToken: 'teacher-refresh-token-0001' };
      signInLearner('Asha Rao');
      userStore.setState(({ user: signedIn }) => ({ user: signedIn && { ...signedIn, teacher: { id: 't-1', name: 'Asha Rao' }, teacherTokens: teacherPair } }));
      queryClient.setQueryData(['enquiries', 'mine'], ["a learner's enquiry"]);
      const fake = installFakeApi({});
      renderLayout('/discover');
      await user.click(menuButton());
      await user.click(screen.getByRole('button', { name: 'Switch to teaching' }));
      expect(await screen.findByRole('heading', { name: 'Teacher workspace' })).toBeInTheDocument();
      expect(userStore.getState().user).toMatchObject({ userType: 'Teacher', tokens: teacherPair });
      expect(queryClient.getQueryData(['enquiries', 'mine'])).toBeUndefined();
      expect(fake.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input))).not.toContainEqual(expect.stringContaining('switch-role'));
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    });

    it('calls the account link "Account" until the learner has a name', () => {
      signInLearner('');
      renderLayout('/discover');
      expect(screen.getByRole('link', { name: /^Account$/ })).toHaveAttribute('href', '/account');
    });
  });

  describe('focus', () => {
    it('starts with a "Skip to content" link that takes focus to the page heading', async () => {
      const user = userEvent.setup();
      renderLayout('/discover');
      await user.tab();
      expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('heading', { name: 'Discover', level: 1 })).toHaveFocus();
      expect(screen.getByTestId('at')).toHaveTextContent('/discover');
    });

    it('leaves focus alone on the first page, and moves it to the new heading on navigation', async () => {
      const user = userEvent.setup();
      renderLayout('/discover');
      expect(document.body).toHaveFocus();
      await user.click(screen.getByRole('link', { name: 'to /categories' }));
      expect(screen.getByRole('heading', { name: 'Categories', level: 1 })).toHaveFocus();
    });

    it('waits for a page whose code is still loading to draw its heading', async () => {
      const user = userEvent.setup();
      renderLayout('/discover');
      await user.click(screen.getByRole('link', { name: 'to /slow' }));
      expect(screen.getByText('Loading')).toBeInTheDocument();
      await act(async () => releaseSlowPage());
      expect(await screen.findByRole('heading', { name: 'Slow page', level: 1 })).toHaveFocus();
    });

    it('gives way to a page that puts focus somewhere itself', async () => {
      const user = userEvent.setup();
      renderLayout('/discover');
      await user.click(screen.getByRole('link', { name: 'to /login' }));
      expect(screen.getByRole('textbox', { name: 'Your mobile number' })).toHaveFocus();
    });

    it('moves focus after a destination chosen from the menu', async () => {
      const user = userEvent.setup();
      renderLayout('/discover');
      await user.click(menuButton());
      await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Updates' }));
      expect(screen.getByRole('heading', { name: 'Updates', level: 1 })).toHaveFocus();
    });
  });
});
