import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { platformStore } from '@kalike/shared/platform/platform';
import { userStore } from '@kalike/shared/user/user-store';
import { signInLearner, signInTeacher } from '@kalike/shared/testing/signed-in';
// The shell waits on anything under the sessions root; it never imports a remote's own key factories.
import { rootKeys } from '@kalike/shared/query/query-keys';
// The sessions remote owns its keys; the tab bar waits on their shared root, so the test uses the remote's own.

import { TabBar } from './tab-bar';

const tokens = { accessToken: 'access.token.value-000000', refreshToken: 'refresh-token-value-0000000' };

function renderAt(path: string, client = new QueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <TabBar />
        </MemoryRouter>
      </AppThemeProvider>
    </QueryClientProvider>,
  );
}

const tabBar = () => screen.queryByRole('navigation', { name: 'Sessions, classes and updates' });

describe('TabBar (spec §2)', () => {
  const details = platformStore.getState().details;
  afterEach(() => {
    platformStore.setState({ details });
    userStore.getState().clearUser();
  });

  it('shows Sessions, My Classes and My Updates on the three tab routes only', () => {
    renderAt('/updates');
    expect(tabBar()).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Sessions', 'My Classes', 'My Updates']);
  });

  it.each(['/discover', '/categories', '/payment-request/x', '/classes/extra'])('is hidden on %s', (path) => {
    renderAt(path);
    expect(tabBar()).not.toBeInTheDocument();
  });

  it('is hidden inside the native app', () => {
    platformStore.setState({ details: { ...details, isApp: true } });
    renderAt('/classes');
    expect(tabBar()).not.toBeInTheDocument();
  });

  it("is hidden while a signed-in user's sessions are loading for the first time", () => {
    userStore.getState().setUser({
      userType: 'Learner',
      learnerAccount: { id: 'la', name: 'Asha' },
      teacher: null,
      isAdmin: false,
      tokens,
      learnerTokens: tokens,
      teacherTokens: null,
    });
    const client = new QueryClient();
    void client.prefetchQuery({ queryKey: [...rootKeys.sessions, 'learner', 'upcoming', 14], queryFn: () => new Promise(() => undefined) });
    renderAt('/learner/sessions', client);
    expect(tabBar()).not.toBeInTheDocument();
  });
});

describe('TabBar in the teacher workspace', () => {
  const workspace = () => screen.queryByRole('navigation', { name: 'Teacher workspace' });
  afterEach(() => userStore.getState().clearUser());

  it.each([
    ['/teach', 'Home'],
    ['/teach/enquiries', 'Enquiries'],
    ['/teach/enquiries/3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b', 'Enquiries'],
    ['/teach/schedule', 'Schedule'],
    ['/teach/sessions/3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b', 'Schedule'],
    ['/teach/payments', 'Payments'],
    ['/teach/reviews/', 'Reviews'],
  ])("shows a teacher the workspace's five sections on %s, with %s current", (path, current) => {
    signInTeacher();
    renderAt(path);
    const nav = workspace();
    expect(nav).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Enquiries', 'Schedule', 'Payments', 'Reviews']);
    expect(
      screen
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent),
    ).toEqual([current]);
    expect(tabBar()).not.toBeInTheDocument();
  });

  it('stays even while the schedule is loading, so the workspace never loses its navigation', () => {
    signInTeacher();
    const client = new QueryClient();
    void client.prefetchQuery({ queryKey: [...rootKeys.sessions, 'teach', 'schedule'], queryFn: () => new Promise(() => undefined) });
    renderAt('/teach/schedule', client);
    expect(workspace()).toBeInTheDocument();
  });

  it("keeps spec §2's learner tabs for everyone else, and nothing on /teach for a learner", () => {
    signInLearner();
    renderAt('/teach');
    expect(workspace()).not.toBeInTheDocument();
    expect(tabBar()).not.toBeInTheDocument();
  });

  it('shows a teacher no workspace tabs outside /teach', () => {
    signInTeacher();
    renderAt('/discover');
    expect(workspace()).not.toBeInTheDocument();
    renderAt('/teachers');
    expect(workspace()).not.toBeInTheDocument();
  });
});
