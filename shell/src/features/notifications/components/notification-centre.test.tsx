import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import { createQueryClient } from '@kalike/shared/query/query-client';

import { NotificationCentre } from './notification-centre';
import { NotificationBell } from './notification-bell';

// 20 Nov 2026, 11:00 in Bengaluru.
const now = new Date('2026-11-20T05:30:00.000Z');

const notification = (id: string, createdAt: string, sentence: string, link: string, read = false) => ({
  id: `0b7d3f4e-0000-4000-8000-0000000001${id}`,
  kind: 'class.tomorrow',
  sentence,
  link,
  createdAt,
  read,
});

const newest = [
  notification('01', '2026-11-20T04:00:00.000Z', 'Chess with Kiran Rao is tomorrow at 5:00 pm.', '/learner/sessions'),
  notification('02', '2026-11-19T12:00:00.000Z', 'Kiran Rao asked you to pay ₹2,000 for December classes.', '/payment-request/r-1'),
  notification('03', '2026-11-16T12:00:00.000Z', 'Your receipt for Chess is ready.', '/account/payments', true),
];
const older = [notification('04', '2026-11-02T12:00:00.000Z', 'Kiran Rao replied to your enquiry.', '/enquiries', true)];

function fakeCentre() {
  const read: string[] = [];
  let readAll = 0;
  let unread = 2;
  const fake = installFakeApi({
    'GET /v1/notifications': (_request, url) =>
      url.searchParams.get('before') === 'cursor-1'
        ? json({ items: older, nextCursor: null })
        : json({ items: newest.map((item) => (readAll > 0 ? { ...item, read: true } : item)), nextCursor: 'cursor-1' }),
    'GET /v1/notifications/unread-count': () => json({ count: unread }),
    ...Object.fromEntries(
      newest.map((item) => [
        `POST /v1/notifications/${item.id}/read`,
        () => {
          read.push(item.id);
          unread -= 1;
          return new Response(null, { status: 204 });
        },
      ]),
    ),
    'POST /v1/notifications/read-all': () => {
      readAll += 1;
      unread = 0;
      return json({ marked: 2 });
    },
  });
  return { fake, read, readAllCalls: () => readAll };
}

function renderCentre(client: QueryClient = createQueryClient()) {
  return renderWithApp(
    <>
      <NotificationBell />
      <NotificationCentre audience="learner" now={now} />
    </>,
    { path: '/notifications', queryClient: client },
  );
}

describe('NotificationCentre', () => {
  beforeEach(() => signInLearner());
  afterEach(() => act(() => signOut()));

  it('shows the newest first, grouped by Bengaluru day, each sentence leading to where to act, the new ones marked', async () => {
    fakeCentre();
    renderCentre();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByRole('link', { name: /Chess with Kiran Rao is tomorrow/ })).toHaveAttribute('href', '/learner/sessions');
    expect(within(today).getByText('New')).toBeInTheDocument();
    const yesterday = screen.getByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getByRole('link', { name: /asked you to pay/ })).toHaveAttribute('href', '/payment-request/r-1');
    const monday = screen.getByRole('region', { name: 'Monday, 16 November' });
    expect(within(monday).queryByText('New')).not.toBeInTheDocument();
  });

  it('marks what it shows as read, once each, and the bell drops, while the page still shows what was new', async () => {
    const { read } = fakeCentre();
    renderCentre();
    expect(await screen.findByRole('link', { name: '2 unread notifications' })).toBeInTheDocument();
    await waitFor(() => expect(read.sort()).toEqual([newest[0]!.id, newest[1]!.id].sort()));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getAllByText('New')).toHaveLength(2);
  });

  it('marks everything read with "Mark all read"', async () => {
    const user = userEvent.setup();
    const { readAllCalls } = fakeCentre();
    renderCentre();
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByText('New')).not.toBeInTheDocument());
    expect(readAllCalls()).toBe(1);
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('shows older pages on "Show older", until there are none', async () => {
    const user = userEvent.setup();
    fakeCentre();
    renderCentre();
    await user.click(await screen.findByRole('button', { name: 'Show older' }));
    expect(await screen.findByRole('link', { name: /replied to your enquiry/ })).toHaveAttribute('href', '/enquiries');
    expect(screen.getByRole('region', { name: 'Monday, 2 November' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet, and leads to the settings', async () => {
    installFakeApi({
      'GET /v1/notifications': () => json({ items: [], nextCursor: null }),
      'GET /v1/notifications/unread-count': () => json({ count: 0 }),
    });
    renderCentre();
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/account/notifications');
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    installFakeApi({
      'GET /v1/notifications': () =>
        fail ? json({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong on our side.' }, 500) : json({ items: newest, nextCursor: null }),
      'GET /v1/notifications/unread-count': () => json({ count: 0 }),
      ...Object.fromEntries(newest.map((item) => [`POST /v1/notifications/${item.id}/read`, () => new Response(null, { status: 204 })])),
    });
    const user = userEvent.setup();
    renderCentre();
    expect(await screen.findByRole('heading', { name: 'Notifications could not be loaded' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument();
  });
});
