import { cleanup, screen, within } from '@testing-library/react';
import type { TeacherClass, TeacherWeek } from '@kalike/shared/contracts/sessions';
import { installFakeApi, json, type FakeRoute } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { apartment, online, session, uuid } from '../../testing/session-fixtures';
import TeachSchedulePage from './schedule-page';

/** The page's API, with the calendar panel's link not yet made (its own tests are beside the panel). */
const installApi = (routes: Record<string, FakeRoute>) => installFakeApi({ 'GET /v1/account/calendar-feed': () => json({ feed: null }), ...routes });

const weekApi = 'GET /v1/class/sessions/teacher/week';
// Thursday, 26 November 2026, 4:10 pm in Bengaluru.
const now = new Date('2026-11-26T10:40:00.000Z');

const entry = (n: number, start: string, end: string, overrides: Partial<TeacherClass['session']> = {}, online_ = false): TeacherClass => ({
  session: session(n, start, end, overrides),
  batch: {
    id: uuid(700 + n),
    name: online_ ? 'Online juniors' : 'Weekday juniors',
    programName: 'Chess for beginners',
    place: online_ ? online() : apartment(),
  },
  studentsCount: n === 1 ? 1 : 4,
});

const week: TeacherWeek = {
  weekOf: '2026-11-23',
  until: '2026-11-30',
  today: '2026-11-26',
  previousWeek: '2026-11-16',
  nextWeek: '2026-11-30',
  classes: [
    entry(1, '2026-11-22T19:00:00.000Z', '2026-11-22T20:00:00.000Z'), // Monday 00:30 IST
    entry(2, '2026-11-26T04:30:00.000Z', '2026-11-26T05:30:00.000Z', { status: 'completed' }), // today 10:00 am
    entry(3, '2026-11-26T12:00:00.000Z', '2026-11-26T13:00:00.000Z', {}, true), // today 5:30 pm
    entry(4, '2026-11-27T12:00:00.000Z', '2026-11-27T13:00:00.000Z', { status: 'cancelled', cancelReason: 'Teacher travelling' }),
  ],
  holidays: [{ id: uuid(950), batchId: uuid(705), batchName: 'Weekend seniors', startsOn: '2026-11-28', endsOn: '2026-12-02', reason: 'Festival break' }],
};

function renderSchedule(path = '/teach/schedule') {
  return renderPage(<TeachSchedulePage />, { path, route: '/teach/schedule' });
}

describe('TeachSchedulePage', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    signInTeacher();
  });
  afterEach(() => {
    cleanup();
    signOut();
    jest.useRealTimers();
  });

  it('shows the week Monday to Sunday by Bengaluru day, each class linking to its register', async () => {
    const requests: URL[] = [];
    installApi({ [weekApi]: (_request, url) => (requests.push(url), json(week)) });
    renderSchedule();
    expect(screen.getByRole('status', { name: 'Loading your week' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Today · Thursday, 26 November' });
    expect(requests[0]!.searchParams.has('week')).toBe(false);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Monday, 23 November',
      'Tuesday, 24 November',
      'Wednesday, 25 November',
      'Today · Thursday, 26 November',
      'Tomorrow · Friday, 27 November',
      'Saturday, 28 November',
      'Sunday, 29 November',
      'Your classes in your calendar',
    ]);
    // The 00:30 class is on Monday in Bengaluru, though still Sunday in UTC.
    const monday = screen.getByRole('region', { name: 'Monday, 23 November' });
    expect(within(monday).getByRole('link', { name: /12:30 am – 1:30 am/ })).toHaveAttribute('href', `/teach/sessions/${uuid(1)}`);
    expect(within(monday).getByText(/1 student$/)).toBeInTheDocument();
    // It has started and nobody is marked yet: its register is still to take.
    expect(within(monday).getByRole('link')).toHaveTextContent(/Register to take$/);
    expect(within(screen.getByRole('region', { name: 'Tuesday, 24 November' })).getByText('No classes')).toBeInTheDocument();

    const today = screen.getByRole('region', { name: 'Today · Thursday, 26 November' });
    const links = within(today).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^10:00 am – 11:00 am.*Weekday juniors.*Prestige Shantiniketan · 4 students · register taken$/),
      expect.stringMatching(/^5:30 pm – 6:30 pm.*Online juniors.*Online · 4 students$/),
    ]);
  });

  it('marks a cancelled class with its reason and shows holidays on the days they cover', async () => {
    installApi({ [weekApi]: () => json(week) });
    renderSchedule();
    const friday = await screen.findByRole('region', { name: 'Tomorrow · Friday, 27 November' });
    expect(within(friday).getByText('Cancelled: Teacher travelling')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Saturday, 28 November' })).getByText('Holiday for Weekend seniors: Festival break')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sunday, 29 November' })).getByText(/Holiday for Weekend seniors/)).toBeInTheDocument();
    expect(within(friday).queryByText(/Holiday/)).toBeNull();
  });

  it('warns of two classes at once, at a centre and online, on the day they clash', async () => {
    const centre = entry(5, '2026-11-24T10:30:00.000Z', '2026-11-24T11:30:00.000Z'); // Tuesday 4:00 pm
    const onlineClass = entry(6, '2026-11-24T10:30:00.000Z', '2026-11-24T11:30:00.000Z', {}, true);
    installApi({ [weekApi]: () => json({ ...week, classes: [...week.classes, centre, onlineClass] }) });
    renderSchedule();
    const tuesday = await screen.findByRole('region', { name: 'Tuesday, 24 November' });
    expect(
      within(tuesday).getByText(
        'Clash: Online juniors (4:00 pm – 5:00 pm, Online) and Weekday juniors (4:00 pm – 5:00 pm, Prestige Shantiniketan) are at the same time.',
      ),
    ).toBeInTheDocument();
    // Today's classes follow one another, and a cancelled class is not held: no warning there.
    expect(screen.getAllByText(/^Clash:/)).toHaveLength(1);
  });

  it('moves between weeks through ?week=, any day meaning its Monday', async () => {
    const requests: URL[] = [];
    installApi({ [weekApi]: (_request, url) => (requests.push(url), json({ ...week, weekOf: '2026-11-16', until: '2026-11-23', previousWeek: null })) });
    renderSchedule('/teach/schedule?week=2026-11-18');
    const weeks = await screen.findByRole('navigation', { name: 'Weeks' });
    expect(requests[0]!.searchParams.get('week')).toBe('2026-11-16');
    expect(within(weeks).getByText('Mon, 16 Nov – Sun, 22 Nov')).toBeInTheDocument();
    expect(within(weeks).queryByRole('link', { name: /Previous week/ })).toBeNull();
    expect(within(weeks).getByRole('link', { name: /Next week/ })).toHaveAttribute('href', '/teach/schedule?week=2026-11-30');
  });

  it.each(['2026-02-30', 'next-week'])('refuses ?week=%s and shows this week with a note', async (given) => {
    const requests: URL[] = [];
    installApi({ [weekApi]: (_request, url) => (requests.push(url), json(week)) });
    renderSchedule(`/teach/schedule?week=${given}`);
    expect(screen.getByRole('alert')).toHaveTextContent(`“${given}” is not a date, so this week is shown.`);
    await screen.findByRole('navigation', { name: 'Weeks' });
    expect(requests[0]!.searchParams.has('week')).toBe(false);
    expect(screen.getByRole('link', { name: /Previous week/ })).toHaveAttribute('href', '/teach/schedule?week=2026-11-16');
  });

  it('an empty week says so; a failure says why and tries again', async () => {
    let fail = true;
    installApi({
      [weekApi]: () =>
        fail
          ? json({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'querystring.week must be between 2025-11-24 and 2026-12-28' }, 400)
          : json({ ...week, classes: [], holidays: [] }),
    });
    renderSchedule('/teach/schedule?week=2030-01-07');
    expect(await screen.findByRole('heading', { name: 'Your week could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText(/querystring.week must be between/)).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { name: 'No classes this week' })).toBeInTheDocument();
  });
});
