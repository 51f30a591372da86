import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { userStore } from '@kalike/shared/user/user-store';
import { queryClient } from '@kalike/shared/query/query-client';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { signInLearner, signInTeacher } from '@kalike/shared/testing/signed-in';

import { RequireSignIn } from './require-sign-in';
import type { RouteAccess } from './route-table';

function LoginProbe() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

function renderAt(path: string, access: RouteAccess) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/login" element={<LoginProbe />} />
            <Route path="*" element={<RequireSignIn access={access}>protected content</RequireSignIn>} />
          </Routes>
        </MemoryRouter>
      </AppThemeProvider>
    </QueryClientProvider>,
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

  describe('the teacher workspace', () => {
    it('sends a signed-out person to /login with the page they wanted', () => {
      renderAt('/teach/reviews', 'teacher');
      expect(screen.getByText(`login page ?redirectTo=${encodeURIComponent('/teach/reviews')}`)).toBeInTheDocument();
    });

    it('opens for a teacher', () => {
      signInTeacher();
      renderAt('/teach', 'teacher');
      expect(screen.getByText('protected content')).toBeInTheDocument();
    });

    it('tells a signed-in learner it is for teachers and how to become one, without leaving the page', () => {
      signInLearner();
      renderAt('/teach/enquiries', 'teacher');
      expect(screen.queryByText('protected content')).not.toBeInTheDocument();
      expect(screen.queryByText(/login page/)).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'The teacher workspace is for Kalike teachers' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Teach on Kalike' })).toHaveAttribute('href', '/teach-on-kalike');
    });

    it('offers a learner whose phone also teaches one tap to their teacher sign-in instead', () => {
      signInLearner();
      userStore.setState(({ user }) => ({ user: user && { ...user, teacher: { id: 't-1', name: 'Asha Rao' } } }));
      renderAt('/teach/enquiries', 'teacher');
      expect(screen.getByRole('button', { name: 'Switch to teaching' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Teach on Kalike' })).not.toBeInTheDocument();
    });

    it("leaves the learner's routes open to a teacher, as spec §2 guards them by sign-in only", () => {
      signInTeacher();
      renderAt('/learner/sessions', 'signed-in');
      expect(screen.getByText('protected content')).toBeInTheDocument();
    });
  });
});
