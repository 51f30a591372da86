import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarFeed } from '@kalike/shared/contracts/calendar-feeds';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { openInCalendar } from '../utils/open-in-calendar';
import { CalendarFeedPanel } from './calendar-feed-panel';

// Leaving for the device's calendar app is outside the page.
jest.mock('../utils/open-in-calendar', () => ({ openInCalendar: jest.fn() }));

const feedApi = '/v1/account/calendar-feed';
const token = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3';
const feed = (audience: 'learner' | 'teacher'): CalendarFeed => ({
  audience,
  webcalUrl: `webcal://kalike.in/v1/calendar/${token}.ics`,
  httpsUrl: `https://kalike.in/v1/calendar/${token}.ics`,
  createdAt: '2026-11-22T10:40:00.000Z',
});

function renderPanel(audience: 'learner' | 'teacher') {
  return renderPage(<CalendarFeedPanel audience={audience} />, { path: '/learner/sessions', route: '/learner/sessions' });
}

const panel = () => screen.getByRole('region', { name: 'Your classes in your calendar' });

describe('CalendarFeedPanel', () => {
  beforeEach(() => signInLearner());
  afterEach(() => {
    cleanup();
    signOut();
    jest.mocked(openInCalendar).mockReset();
  });

  it('makes the family link on the first tap and opens the calendar app on its webcal:// address', async () => {
    const asked: string[] = [];
    installFakeApi({
      [`GET ${feedApi}`]: (_request, url) => (asked.push(`GET ${url.search}`), json({ feed: null })),
      [`POST ${feedApi}`]: (_request, url) => (asked.push(`POST ${url.search}`), json(feed('learner'))),
    });
    renderPanel('learner');
    expect(await within(panel()).findByText(/cancelled classes, holidays, extra classes and booked demos show up on their own/)).toBeInTheDocument();
    const add = await within(panel()).findByRole('button', { name: 'Add to calendar' });
    await userEvent.click(add);

    expect(await within(panel()).findByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', feed('learner').webcalUrl);
    expect(openInCalendar).toHaveBeenCalledWith(feed('learner').webcalUrl);
    expect(asked).toEqual(['GET ?audience=learner', 'POST ?audience=learner']);
  });

  it("copies the teacher's link, and stops sharing only once confirmed", async () => {
    signInTeacher();
    const user = userEvent.setup();
    let deleted = 0;
    installFakeApi({
      [`GET ${feedApi}`]: () => json({ feed: feed('teacher') }),
      [`DELETE ${feedApi}`]: (_request, url) => {
        expect(url.searchParams.get('audience')).toBe('teacher');
        deleted++;
        return new Response(null, { status: 204 });
      },
    });
    renderPanel('teacher');
    expect(await within(panel()).findByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', feed('teacher').webcalUrl);
    expect(within(panel()).getByText(/every class of your batches/)).toBeInTheDocument();

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(panel()).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(feed('teacher').httpsUrl);
    expect(within(panel()).getByRole('status')).toHaveTextContent('Link copied.');

    await user.click(within(panel()).getByRole('button', { name: 'Stop sharing this calendar' }));
    const confirm = within(panel()).getByRole('group', { name: 'Stop sharing this calendar' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep sharing' }));
    expect(deleted).toBe(0);
    expect(within(panel()).getByRole('link', { name: 'Add to calendar' })).toBeInTheDocument();

    await user.click(within(panel()).getByRole('button', { name: 'Stop sharing this calendar' }));
    await user.click(within(panel()).getByRole('button', { name: 'Yes, stop sharing' }));
    expect(await within(panel()).findByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(deleted).toBe(1);
    expect(within(panel()).queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Stop sharing this calendar' })).not.toBeInTheDocument();
  });

  it('says why when the link cannot be made, and does not leave the page', async () => {
    installFakeApi({
      [`GET ${feedApi}`]: () => json({ feed: null }),
      [`POST ${feedApi}`]: () => json({ statusCode: 403, code: 'FORBIDDEN', message: "Only learners have a family's sessions" }, 403),
    });
    renderPanel('learner');
    await userEvent.click(await within(panel()).findByRole('button', { name: 'Add to calendar' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent("Only learners have a family's sessions");
    expect(openInCalendar).not.toHaveBeenCalled();
  });
});
