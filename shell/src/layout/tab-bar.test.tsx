import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { platformStore } from '@kalike/shared/platform/platform';
import { userStore } from '@kalike/shared/user/user-store';

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
    void client.prefetchQuery({ queryKey: ['sessions', 'upcoming'], queryFn: () => new Promise(() => undefined) });
    renderAt('/learner/sessions', client);
    expect(tabBar()).not.toBeInTheDocument();
  });
});
