import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { userStore } from '@kalike/shared/user/user-store';

import { RequireSignIn } from './require-sign-in';
import type { RouteAccess } from './route-table';

function LoginProbe() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

function renderAt(path: string, access: RouteAccess) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route path="*" element={<RequireSignIn access={access}>protected content</RequireSignIn>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RequireSignIn', () => {
  afterEach(() => userStore.getState().clearUser());

  it('sends a signed-out person to /login with the page they wanted', () => {
    renderAt('/learner/sessions?week=2', 'signed-in');
    expect(screen.getByText(`login page ?redirectTo=${encodeURIComponent('/learner/sessions?week=2')}`)).toBeInTheDocument();
  });

  it('sends a signed-out person from /account to /login with no redirect', () => {
    renderAt('/account', 'signed-in-no-redirect');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('lets anyone open public routes and signed-in people open the rest', () => {
    renderAt('/classes', 'public');
    expect(screen.getByText('protected content')).toBeInTheDocument();
    userStore.getState().setUser({
      userType: 'Learner',
      learnerAccount: { id: 'a', name: 'Asha' },
      teacher: null,
      isAdmin: false,
      tokens: null,
      learnerTokens: null,
      teacherTokens: null,
    });
    renderAt('/learner/sessions', 'signed-in');
    expect(screen.getAllByText('protected content')).toHaveLength(2);
  });
});
