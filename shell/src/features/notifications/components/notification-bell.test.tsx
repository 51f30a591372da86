import { act, screen } from '@testing-library/react';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { badgeText, bellLabel, NotificationBell } from './notification-bell';

describe('NotificationBell', () => {
  afterEach(() => act(() => signOut()));

  it("shows a family's unread count, named for a screen reader, and leads to their notification centre", async () => {
    const audiences: string[] = [];
    installFakeApi({
      'GET /v1/notifications/unread-count': (_request, url) => {
        audiences.push(url.searchParams.get('audience') ?? '');
        return json({ count: 3 });
      },
    });
    signInLearner();
    renderWithApp(<NotificationBell />, { path: '/discover' });
    const bell = await screen.findByRole('link', { name: '3 unread notifications' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('3');
    expect(audiences).toEqual(['learner']);
  });

  it("shows a teacher their workspace's notifications", async () => {
    const audiences: string[] = [];
    installFakeApi({
      'GET /v1/notifications/unread-count': (_request, url) => {
        audiences.push(url.searchParams.get('audience') ?? '');
        return json({ count: 0 });
      },
    });
    signInTeacher();
    renderWithApp(<NotificationBell />, { path: '/teach' });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/teach/notifications');
    expect(audiences).toEqual(['teacher']);
  });

  it('is not there for someone signed out, and asks nothing', () => {
    const fake = installFakeApi({});
    renderWithApp(<NotificationBell />, { path: '/discover' });
    expect(screen.queryByRole('link', { name: /notification/i })).not.toBeInTheDocument();
    expect(fake).not.toHaveBeenCalled();
  });

  it('keeps its badge small and its name plain', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(1)).toBe('1 unread notification');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(250)).toBe('99+');
  });
});
