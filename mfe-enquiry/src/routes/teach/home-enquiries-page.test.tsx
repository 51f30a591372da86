import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { inbox, inboxItem } from '../../testing/enquiry-fixtures';
import TeachHomeEnquiriesPage from './home-enquiries-page';

const inboxApi = 'GET /v1/marketplace/enquiries/teacher/inbox';
const now = new Date('2026-11-21T03:30:00.000Z');

function renderWidget() {
  return renderPage(<TeachHomeEnquiriesPage />, { path: '/teach', route: '/teach' });
}

describe('TeachHomeEnquiriesPage', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    signInTeacher();
  });
  afterEach(() => {
    cleanup();
    signOut();
    jest.useRealTimers();
  });

  it('counts the enquiries needing a reply and shows the soonest deadline, with the way into the inbox', async () => {
    installFakeApi({
      [inboxApi]: () =>
        json(
          inbox([
            inboxItem(1, { needsActionBy: '2026-11-21T07:00:00.000Z' }),
            inboxItem(2, { needsActionBy: '2026-11-22T07:00:00.000Z' }),
            inboxItem(3, { section: 'waiting_on_learner', state: 'batch_offered', needsActionBy: null }),
          ]),
        ),
    });
    renderWidget();
    expect(screen.getByRole('heading', { name: 'Enquiries waiting' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading enquiries waiting' })).toBeInTheDocument();
    expect(await screen.findByText('2')).toBeInTheDocument();
    expect(screen.getByText('enquiries need your reply')).toBeInTheDocument();
    expect(screen.getByText('Reply within 3 h 30 min')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your enquiries' })).toHaveAttribute('href', '/teach/enquiries');
  });

  it('says when nothing is waiting', async () => {
    installFakeApi({ [inboxApi]: () => json(inbox([inboxItem(3, { section: 'closed', state: 'declined', needsActionBy: null })])) });
    renderWidget();
    expect(await screen.findByText('No enquiry is waiting for your reply.')).toBeInTheDocument();
  });

  it('fails on its own card and tries again', async () => {
    let fail = true;
    installFakeApi({
      [inboxApi]: () => (fail ? json({ statusCode: 503, code: 'UNAVAILABLE', message: 'Try again in a minute.' }, 503) : json(inbox([inboxItem(1)]))),
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWidget();
    expect(await screen.findByText(/Enquiries could not be loaded/)).toHaveAttribute('role', 'alert');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('enquiry needs your reply')).toBeInTheDocument();
  });
});
