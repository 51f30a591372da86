import { screen, within } from '@testing-library/react';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import AccountPage from './account-page';

describe('/account for a teacher', () => {
  afterEach(() => signOut());

  it('shows their details and leads into the teacher workspace, not to an app that does not exist', () => {
    signInTeacher('Priya Gowda');
    renderWithApp(<AccountPage />, { path: '/account' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'Your details' }).parentElement as HTMLElement;
    expect(within(details).getByText('Priya Gowda')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your workspace' })).toHaveAttribute('href', '/teach');
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/teach/reviews');
    expect(screen.getByRole('link', { name: 'teachers@kalike.in' })).toHaveAttribute('href', expect.stringMatching(/^mailto:teachers@kalike\.in/));
    expect(screen.queryByText(/teacher app/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});
