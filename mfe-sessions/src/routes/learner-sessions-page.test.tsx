import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json, type FakeRoute } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { learnerId, signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { now, online, pendingSurvey, session, survey, upcoming, upcomingBatch, uuid } from '../testing/session-fixtures';
import LearnerSessionsPage from './learner-sessions-page';

/** The page's API, with the calendar panel's link not yet made (its own tests are beside the panel). */
const installApi = (routes: Record<string, FakeRoute>) => installFakeApi({ 'GET /v1/account/calendar-feed': () => json({ feed: null }), ...routes });

const learnerApi = 'GET /v1/class/sessions/learner/upcoming';
const teacherApi = 'GET /v1/class/sessions/teacher/upcoming';
const pendingSurveysApi = `GET /v1/surveys/learnerAccount/${learnerId}/pending-surveys`;
const surveyApi = 'POST /v1/surveys';

// Now is Sunday 22 November, 4:10 pm IST (10:40 UTC).
const family = upcoming([
  upcomingBatch(1, [
    session(1, '2026-11-22T12:00:00.000Z', '2026-11-22T13:00:00.000Z'), // today 5:30 pm
    session(2, '2026-11-22T10:00:00.000Z', '2026-11-22T11:00:00.000Z'), // today 3:30 pm, on now
    session(3, '2026-11-22T03:30:00.000Z', '2026-11-22T04:30:00.000Z', { status: 'completed' }), // this morning
    session(4, '2026-11-22T19:00:00.000Z', '2026-11-22T20:00:00.000Z'), // Monday 00:30 IST, still Sunday in UTC
    session(5, '2026-11-24T12:00:00.000Z', '2026-11-24T13:00:00.000Z', { status: 'cancelled', cancelReason: 'Teacher travelling' }),
  ]),
  upcomingBatch(
    2,
    [session(6, '2026-11-24T12:30:00.000Z', '2026-11-24T13:30:00.000Z')],
    { name: 'Online juniors', programName: 'Carnatic vocal', place: online(null) },
    ['Diya'],
  ),
]);

function renderSessions() {
  return renderPage(<LearnerSessionsPage />, { path: '/learner/sessions', route: '/learner/sessions' });
}

const day = (name: string) => screen.getByRole('region', { name });
const card = (region: HTMLElement, time: string) => within(region).getByText(time).closest('article') as HTMLElement;

describe('LearnerSessionsPage', () => {
  beforeEach(() => jest.useFakeTimers({ now, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => {
    cleanup();
    signOut();
    jest.useRealTimers();
  });

  it('groups the family’s sessions by Bengaluru day, soonest first, a 00:30 class on the next day', async () => {
    signInLearner();
    const requests: URL[] = [];
    installApi({ [learnerApi]: (_request, url) => (requests.push(url), json(family)) });
    renderSessions();
    expect(screen.getByRole('status', { name: 'Loading your sessions' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Today · Sunday, 22 November' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Your classes in your calendar', 'Today · Sunday, 22 November', 'Tomorrow · Monday, 23 November', 'Tuesday, 24 November']);
    const today = day('Today · Sunday, 22 November');
    expect(
      within(today)
        .getAllByRole('article')
        .map((article) => within(article).getByText(/–/).textContent),
    ).toEqual(['9:00 am – 10:00 am', '3:30 pm – 4:30 pm', '5:30 pm – 6:30 pm']);
    expect(within(day('Tomorrow · Monday, 23 November')).getByText('12:30 am – 1:30 am')).toBeInTheDocument();
    expect(requests[0]!.searchParams.get('days')).toBe('14');
  });

  it('lists a booked demo class as free, with its place and its own Add to calendar', async () => {
    signInLearner();
    const demo = upcoming([
      upcomingBatch(3, [session(7, '2026-11-23T12:00:00.000Z', '2026-11-23T13:00:00.000Z', { demoStudents: [{ name: 'Kavya' }] })], {}, []),
    ]);
    installApi({ [learnerApi]: () => json(demo) });
    renderSessions();
    const tomorrow = await screen.findByRole('region', { name: 'Tomorrow · Monday, 23 November' });
    const demoCard = card(tomorrow, '5:30 pm – 6:30 pm');
    expect(within(demoCard).getByText('Demo')).toBeInTheDocument();
    expect(within(demoCard).getByText(/Free demo class for Kavya/)).toBeInTheDocument();
    expect(within(demoCard).getByText(/Prestige Shantiniketan/)).toBeInTheDocument();
    expect(within(demoCard).getByRole('button', { name: /^Add .* to calendar$/ })).toBeInTheDocument();
  });

  it('says "you" for an adult learning on an account without a name, never a bare "For"', async () => {
    signInLearner();
    const unnamed = upcoming([upcomingBatch(1, [session(1, '2026-11-22T12:00:00.000Z', '2026-11-22T13:00:00.000Z')], {}, ['', 'Diya'])]);
    installApi({ [learnerApi]: () => json(unnamed) });
    renderSessions();
    const today = await screen.findByRole('region', { name: 'Today · Sunday, 22 November' });
    expect(within(card(today, '5:30 pm – 6:30 pm')).getByText('For Diya and you')).toBeInTheDocument();
  });

  it('shows who, with whom and where, with links to the teacher and the map', async () => {
    signInLearner();
    installApi({ [learnerApi]: () => json(family) });
    renderSessions();
    const today = await screen.findByRole('region', { name: 'Today · Sunday, 22 November' });
    const evening = card(today, '5:30 pm – 6:30 pm');
    expect(within(evening).getByRole('heading', { name: 'Chess for beginners · Weekend beginners' })).toBeInTheDocument();
    expect(within(evening).getByRole('link', { name: 'Kiran Rao' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao');
    expect(within(evening).getByText('For Aarav and Diya')).toBeInTheDocument();
    expect(within(evening).getByText('Prestige Shantiniketan, Whitefield, Bengaluru 560048')).toBeInTheDocument();
    const map = within(evening).getByRole('link', { name: 'Open in Maps' });
    expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=12.99,77.73');
    expect(map).toHaveAttribute('target', '_blank');
    const tuesday = day('Tuesday, 24 November');
    const onlineClass = card(tuesday, '6:00 pm – 7:00 pm');
    expect(within(onlineClass).getByText('For Diya')).toBeInTheDocument();
    expect(within(onlineClass).getByText('the link to join comes before class')).toBeInTheDocument();
    expect(within(onlineClass).queryByRole('link', { name: 'Join class' })).not.toBeInTheDocument();
  });

  it('offers Join class once the teacher has shared the room, and never a javascript: link', async () => {
    signInLearner();
    installApi({
      [learnerApi]: () =>
        json(
          upcoming([
            upcomingBatch(1, [session(1, '2026-11-23T12:00:00.000Z', '2026-11-23T13:00:00.000Z')], { place: online('https://meet.example.in/chess-sat') }),
            upcomingBatch(2, [session(2, '2026-11-24T12:00:00.000Z', '2026-11-24T13:00:00.000Z')], { place: online('javascript:alert(1)') }),
          ]),
        ),
    });
    renderSessions();
    const tomorrow = await screen.findByRole('region', { name: 'Tomorrow · Monday, 23 November' });
    expect(within(tomorrow).getByRole('link', { name: 'Join class' })).toHaveAttribute('href', 'https://meet.example.in/chess-sat');
    expect(within(day('Tuesday, 24 November')).queryByRole('link', { name: 'Join class' })).not.toBeInTheDocument();
  });

  it('says why the room is not shown when the family may not attend yet', async () => {
    signInLearner();
    const withheld = {
      reason: 'seat_held_unpaid' as const,
      message: 'Your seat is held until 5:00 pm while you pay. The class link appears here once a class pack is paid.',
    };
    installApi({
      [learnerApi]: () =>
        json(
          upcoming([
            upcomingBatch(1, [session(1, '2026-11-23T12:00:00.000Z', '2026-11-23T13:00:00.000Z')], {
              place: { kind: 'online', name: 'Online', joinUrl: null, withheld },
            }),
          ]),
        ),
    });
    renderSessions();
    const tomorrow = await screen.findByRole('region', { name: 'Tomorrow · Monday, 23 November' });
    expect(within(tomorrow).getByText(withheld.message)).toBeInTheDocument();
    expect(within(tomorrow).queryByRole('link', { name: 'Join class' })).not.toBeInTheDocument();
  });

  it('counts down to today’s classes and moves on with the clock, each minute', async () => {
    signInLearner();
    installApi({ [learnerApi]: () => json(family) });
    renderSessions();
    const today = await screen.findByRole('region', { name: 'Today · Sunday, 22 November' });
    expect(within(card(today, '5:30 pm – 6:30 pm')).getByText('Starts in 1 h 20 min')).toBeInTheDocument();
    expect(within(card(today, '3:30 pm – 4:30 pm')).getByText('On now')).toBeInTheDocument();
    expect(within(card(today, '9:00 am – 10:00 am')).getByText('Ended')).toBeInTheDocument();
    // No countdown beyond today.
    expect(within(day('Tomorrow · Monday, 23 November')).queryByText(/Starts in|On now|Ended/)).not.toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(within(card(today, '5:30 pm – 6:30 pm')).getByText('Starts in 1 h 19 min')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(20 * 60_000));
    expect(within(card(today, '5:30 pm – 6:30 pm')).getByText('Starts in 59 min')).toBeInTheDocument();
    expect(within(card(today, '3:30 pm – 4:30 pm')).getByText('Ended')).toBeInTheDocument();
  });

  it('keeps a cancelled class on the list, marked, with the reason and no calendar or countdown', async () => {
    signInLearner();
    installApi({ [learnerApi]: () => json(family) });
    renderSessions();
    await screen.findByRole('region', { name: 'Tuesday, 24 November' });
    const cancelled = card(day('Tuesday, 24 November'), '5:30 pm – 6:30 pm');
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cancelled).getByText('Cancelled: Teacher travelling')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('button', { name: /to calendar/ })).not.toBeInTheDocument();
    // One calendar button per scheduled session: two today (not the completed one), Monday's and Tuesday's online class.
    expect(screen.getAllByRole('button', { name: /^Add .* to calendar$/ })).toHaveLength(4);
  });

  it('downloads the session as an .ics file', async () => {
    signInLearner();
    installApi({ [learnerApi]: () => json(family) });
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (blobs.push(blob), 'blob:kalike/1'));
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    try {
      renderSessions();
      const today = await screen.findByRole('region', { name: 'Today · Sunday, 22 November' });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(
        within(card(today, '5:30 pm – 6:30 pm')).getByRole('button', { name: 'Add Chess for beginners, Sunday, 22 November at 5:30 pm to calendar' }),
      );
      expect(downloads).toEqual(['kalike-chess-for-beginners-2026-11-22.ics']);
      expect(blobs[0]!.type).toBe('text/calendar;charset=utf-8');
      const text = await blobs[0]!.text();
      expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(text).toContain(`\r\nUID:${uuid(1)}@kalike.in\r\n`);
      expect(text).toContain('\r\nDTSTART:20261122T120000Z\r\nDTEND:20261122T130000Z\r\n');
      expect(text).toContain('\r\nSUMMARY:Chess for beginners (Weekend beginners)\r\n');
      // Long lines are folded (calendar-file.test.ts); read them unfolded here.
      const unfolded = text.replace(/\r\n /g, '');
      expect(unfolded).toContain('\r\nDESCRIPTION:Teacher: Kiran Rao\\nFor Aarav and Diya\\nBatch: Weekend beginners\r\n');
      expect(unfolded).toContain('\r\nLOCATION:Prestige Shantiniketan\\, Whitefield\\, Bengaluru 560048\r\n');
      expect(text).toContain('\r\nGEO:12.99;77.73\r\n');
      expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
      await act(() => jest.advanceTimersByTimeAsync(10_000));
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:kalike/1');
    } finally {
      click.mockRestore();
    }
  });

  it('shows a teacher their own batches’ sessions with every enrolled student', async () => {
    signInTeacher();
    const api = installApi({
      [teacherApi]: () =>
        json(upcoming([upcomingBatch(1, [session(1, '2026-11-23T12:00:00.000Z', '2026-11-23T13:00:00.000Z')], {}, ['Aarav', 'Diya', 'Ishaan'])])),
    });
    renderSessions();
    const tomorrow = await screen.findByRole('region', { name: 'Tomorrow · Monday, 23 November' });
    expect(within(tomorrow).getByText('Students (3): Aarav, Diya and Ishaan')).toBeInTheDocument();
    expect(within(tomorrow).queryByRole('link', { name: 'Kiran Rao' })).not.toBeInTheDocument();
    // The sessions once (and the calendar panel's link once).
    expect(api.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('/upcoming'))).toHaveLength(1);
  });

  it('tells a teacher without batches where their classes will appear', async () => {
    signInTeacher();
    installApi({ [teacherApi]: () => json(upcoming([])) });
    renderSessions();
    expect(await screen.findByRole('heading', { name: 'No batches yet' })).toBeInTheDocument();
  });

  it('sends a learner with no classes yet to discover teachers', async () => {
    signInLearner();
    installApi({ [learnerApi]: () => json(upcoming([])) });
    renderSessions();
    expect(await screen.findByRole('heading', { name: 'No classes yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover teachers near you' })).toHaveAttribute('href', '/discover');
  });

  it('says so when the batches have no classes in the window', async () => {
    signInLearner();
    installApi({ [learnerApi]: () => json(upcoming([upcomingBatch(1, [])])) });
    renderSessions();
    expect(await screen.findByRole('heading', { name: 'No classes in the next 14 days' })).toBeInTheDocument();
  });

  it('shows a failure readably and loads again on Try again', async () => {
    signInLearner();
    let fail = true;
    installApi({
      [learnerApi]: () => (fail ? json({ statusCode: 503, code: 'INTERNAL_ERROR', message: 'Sessions are resting' }, 503) : json(family)),
    });
    renderSessions();
    expect(await screen.findByRole('heading', { name: 'Your sessions could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Sessions are resting')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Today · Sunday, 22 November' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in and come back, asking the API nothing', () => {
    const api = installApi({});
    renderSessions();
    expect(screen.getByRole('heading', { name: 'Sign in to see your sessions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirectTo=%2Flearner%2Fsessions');
    expect(api).not.toHaveBeenCalled();
  });

  describe('the prompt to rate a class', () => {
    const older = pendingSurvey({ sessionId: uuid(40), sessionStartTime: '2026-11-14T04:30:00.000Z', sessionEndTime: '2026-11-14T05:30:00.000Z' });
    const latest = pendingSurvey({ sessionId: uuid(41), studentName: 'Diya', batch: { id: uuid(702), name: 'Online juniors', programName: 'Carnatic vocal' } });

    it('asks about the most recent class without a rating, from the pending surveys, and thanks once rated', async () => {
      // Typing and clicking need real timers; nothing here depends on today's date.
      jest.useRealTimers();
      signInLearner();
      const bodies: unknown[] = [];
      let rated = false;
      installApi({
        [learnerApi]: () => json(family),
        [pendingSurveysApi]: () => json({ surveys: rated ? [older] : [older, latest] }),
        [surveyApi]: async (request) => {
          bodies.push(await request.json());
          rated = true;
          return json(survey({ sessionId: uuid(41), rating: 5, comment: null, reviewId: null }), 201);
        },
      });
      renderSessions();
      const prompt = (await screen.findByRole('heading', { name: 'Carnatic vocal with Kiran Rao' })).closest('section') as HTMLElement;
      expect(within(prompt).getByText('Rate your last class')).toBeInTheDocument();
      expect(within(prompt).getByRole('link', { name: '1 more class to rate in My Updates' })).toHaveAttribute('href', '/updates');
      await userEvent.click(within(prompt).getByRole('radio', { name: '5 stars' }));
      await userEvent.click(within(prompt).getByRole('button', { name: 'Send rating' }));
      expect(await within(prompt).findByText("Thank you for rating Diya's class.")).toBeInTheDocument();
      expect(bodies).toEqual([{ sessionId: uuid(41), batchStudentId: uuid(1), rating: 5 }]);
    });

    it('is not there when nothing waits for a rating', async () => {
      signInLearner();
      const api = installApi({ [learnerApi]: () => json(family), [pendingSurveysApi]: () => json({ surveys: [] }) });
      renderSessions();
      await screen.findByRole('region', { name: 'Today · Sunday, 22 November' });
      expect(api.mock.calls.some(([request]) => (request as Request).url.endsWith(`/v1/surveys/learnerAccount/${learnerId}/pending-surveys`))).toBe(true);
      expect(screen.queryByText('Rate your last class')).not.toBeInTheDocument();
    });
  });
});
