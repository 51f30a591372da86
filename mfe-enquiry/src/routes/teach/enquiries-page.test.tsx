import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { inbox, inboxItem, uuid } from '../../testing/enquiry-fixtures';
import TeachEnquiriesPage from './enquiries-page';

const inboxApi = 'GET /v1/marketplace/enquiries/teacher/inbox';
// 09:00 in Bengaluru.
const now = new Date('2026-11-21T03:30:00.000Z');
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();

function renderInbox() {
  return renderPage(<TeachEnquiriesPage />, { path: '/teach/enquiries', route: '/teach/enquiries' });
}

describe('TeachEnquiriesPage', () => {
  beforeEach(() => jest.useFakeTimers({ now, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => {
    cleanup();
    signOut();
    jest.useRealTimers();
  });

  it('lists what needs a reply in the order the API sends, with who, what, when and the deadline counting down', async () => {
    signInTeacher();
    installFakeApi({
      [inboxApi]: () =>
        json(
          inbox([
            inboxItem(1, { needsActionBy: hoursFromNow(5.2), createdAt: hoursFromNow(-42.8), student: { name: 'Saanvi' }, program: { name: 'Beginners' } }),
            inboxItem(2, { learnerFirstName: 'Rahul', needsActionBy: hoursFromNow(30), createdAt: hoursFromNow(-0.2), isNew: false, state: 'seen' }),
            inboxItem(3, { learnerFirstName: 'Neha', state: 'batch_offered', section: 'waiting_on_learner', needsActionBy: null, isNew: false }),
            inboxItem(4, { learnerFirstName: 'Vikram', state: 'expired', section: 'closed', needsActionBy: null, isNew: false }),
          ]),
        ),
    });
    renderInbox();
    expect(screen.getByRole('status', { name: 'Loading your enquiries' })).toBeInTheDocument();

    const list = await screen.findByRole('region', { name: 'Needs reply' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Asha · for Saanvi', 'Rahul']);
    expect(within(cards[0]!).getByText('Chess coaching with Kiran · Beginners')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('New')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Reply within 5 h 12 min')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Urgent:')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('on 19 Nov 2026')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Reply within 1 d 6 h')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Urgent:')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText('12 min ago')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Open enquiry from Asha' })).toHaveAttribute('href', `/teach/enquiries/${uuid(1)}`);

    // The countdown moves with the clock, without a reload.
    await act(async () => {
      jest.advanceTimersByTime(5 * 3600_000 + 13 * 60_000);
    });
    expect(within(screen.getByRole('region', { name: 'Needs reply' })).getByText('Time to reply has run out')).toBeInTheDocument();
  });

  it('filters by whose turn it is, with the count of each', async () => {
    signInTeacher();
    installFakeApi({
      [inboxApi]: () =>
        json(
          inbox([
            inboxItem(1, { needsActionBy: hoursFromNow(20) }),
            inboxItem(3, { learnerFirstName: 'Neha', state: 'batch_offered', section: 'waiting_on_learner', needsActionBy: null, isNew: false }),
            inboxItem(4, { learnerFirstName: 'Vikram', state: 'expired', section: 'closed', needsActionBy: null, isNew: false }),
          ]),
        ),
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderInbox();
    await screen.findByRole('region', { name: 'Needs reply' });
    expect(screen.getByRole('button', { name: 'Needs reply (1)' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Waiting on family (1)' }));
    const waiting = screen.getByRole('region', { name: 'Waiting on family' });
    expect(within(waiting).getByRole('heading', { name: 'Neha' })).toBeInTheDocument();
    expect(within(waiting).getByText('Batch offered')).toBeInTheDocument();
    expect(within(waiting).getByText('You offered a place in a batch. Waiting for the family to enrol.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Closed (1)' }));
    const closed = screen.getByRole('region', { name: 'Closed' });
    expect(within(closed).getByText('Expired')).toBeInTheDocument();
    expect(within(closed).queryByText(/Reply within/)).not.toBeInTheDocument();
  });

  it('shows a new enquiry when the next poll brings it, without a reload', async () => {
    signInTeacher();
    let calls = 0;
    installFakeApi({
      [inboxApi]: () => {
        calls++;
        return json(inbox(calls === 1 ? [] : [inboxItem(5, { learnerFirstName: 'Meera', needsActionBy: hoursFromNow(48), createdAt: now.toISOString() })]));
      },
    });
    renderInbox();
    expect(await screen.findByRole('heading', { name: 'No enquiries yet' })).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(30_000);
    });
    expect(await screen.findByRole('heading', { name: 'Meera' })).toBeInTheDocument();
    expect(screen.getByText('1 enquiry needs a reply')).toBeInTheDocument();
  });

  it('says what went wrong and tries again', async () => {
    signInTeacher();
    let fail = true;
    installFakeApi({
      [inboxApi]: () => (fail ? json({ statusCode: 500, code: 'INTERNAL', message: 'The server could not answer.' }, 500) : json(inbox([inboxItem(1)]))),
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderInbox();
    expect(await screen.findByRole('heading', { name: 'Your enquiries could not be loaded' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Asha' })).toBeInTheDocument();
  });

  it('tells a learner the page is for teachers, and asks the API nothing', () => {
    signInLearner();
    const api = installFakeApi({});
    renderInbox();
    expect(screen.getByRole('heading', { name: 'This page is for teachers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your enquiries' })).toHaveAttribute('href', '/enquiries');
    expect(api).not.toHaveBeenCalled();
  });
});
