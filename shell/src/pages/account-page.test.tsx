import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { learnerId, signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import { userStore } from '@kalike/shared/user/user-store';

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
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/teach/notifications/settings');
  });
});

describe('/account for a learner', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('leads to every payment and receipt of the account', async () => {
    installFakeApi({
      [`GET /v1/user/accounts/${learnerId}`]: () =>
        json({ id: learnerId, name: { name: 'Asha Rao' }, email: null, phone: { phone: '+919845012345' }, isCustomer: true, students: {}, locations: [] }),
    });
    signInLearner('Asha Rao');
    renderWithApp(<AccountPage />, { path: '/account' });
    expect(await screen.findByRole('heading', { name: 'Payments and receipts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your payments' })).toHaveAttribute('href', '/account/payments');
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/account/notifications');
  });

  it('shows the mobile grouped as people write it', async () => {
    installFakeApi({
      [`GET /v1/user/accounts/${learnerId}`]: () =>
        json({ id: learnerId, name: { name: 'Asha Rao' }, email: null, phone: { phone: '+910000071357' }, isCustomer: true, students: {}, locations: [] }),
    });
    signInLearner('Asha Rao');
    renderWithApp(<AccountPage />, { path: '/account' });
    const mobile = await screen.findByText('Mobile');
    expect(mobile.nextElementSibling).toHaveTextContent(/^\+91 00000 71357$/);
    expect(screen.queryByText('+910000071357')).not.toBeInTheDocument();
  });
});

describe('/account: the other role of the phone', () => {
  afterEach(() => signOut());

  it('offers a learner who does not teach "Teach on Kalike"', () => {
    installFakeApi({});
    signInLearner('Asha Rao');
    renderWithApp(<AccountPage />, { path: '/account' });
    expect(screen.getByRole('heading', { name: 'Teaching on Kalike' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Teach on Kalike' })).toHaveAttribute('href', '/teach-on-kalike');
    expect(screen.queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
  });

  it('switches a learner whose phone teaches to teaching in one tap, from the stored sign-in', async () => {
    const user = userEvent.setup();
    const teacherPair = { accessToken: 'teacher-access-token-0003', refreshToken: 'teacher-refresh-token-0003' };
    installFakeApi({});
    signInLearner('Asha Rao');
    userStore.setState(({ user: signedIn }) => ({ user: signedIn && { ...signedIn, teacher: { id: 't-1', name: 'Asha Rao' }, teacherTokens: teacherPair } }));
    renderWithApp(<AccountPage />, { path: '/account' });
    await user.click(screen.getByRole('button', { name: 'Switch to teaching' }));
    await waitFor(() => expect(userStore.getState().user).toMatchObject({ userType: 'Teacher', tokens: teacherPair }));
    expect(screen.queryByRole('link', { name: 'Teach on Kalike' })).not.toBeInTheDocument();
  });

  it('offers a teacher "Switch to learning", and shows the teacher\'s details while teaching', () => {
    signInTeacher('Priya Gowda');
    renderWithApp(<AccountPage />, { path: '/account' });
    expect(screen.getByRole('heading', { name: 'Learning on Kalike' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch to learning' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
  });
});
