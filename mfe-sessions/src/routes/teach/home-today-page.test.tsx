import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { online, session, upcoming, upcomingBatch, uuid } from '../../testing/session-fixtures';
import TeachHomeTodayPage from './home-today-page';

const teacherApi = 'GET /v1/class/sessions/teacher/upcoming';

function renderWidget() {
  return renderPage(<TeachHomeTodayPage />, { path: '/teach', route: '/teach' });
}

describe("the teacher's home: today's classes", () => {
  beforeEach(() => signInTeacher());
  afterEach(() => {
    cleanup();
    signOut();
  });

  it("lists today's classes with their students, each opening its register, and leads to the week", async () => {
    const requests: URL[] = [];
    installFakeApi({
      [teacherApi]: (_request, url) => (
        requests.push(url),
        json(
          upcoming([
            upcomingBatch(1, [session(1, '2026-11-22T12:00:00.000Z', '2026-11-22T13:00:00.000Z')], {}, ['Aarav', 'Diya', 'Ishaan']),
            upcomingBatch(
              2,
              [session(2, '2026-11-22T10:00:00.000Z', '2026-11-22T11:00:00.000Z', { status: 'cancelled', cancelReason: 'Unwell' })],
              { name: 'Online juniors', place: online() },
              ['Meera'],
            ),
          ]),
        )
      ),
    });
    renderWidget();
    const card = screen.getByRole('region', { name: "Today's classes" });
    expect(within(card).getByRole('status', { name: "Loading today's classes" })).toBeInTheDocument();
    expect(await within(card).findByText('1 class today')).toBeInTheDocument();
    expect(requests[0]!.searchParams.get('days')).toBe('1');
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [expect.stringMatching(/^3:30 pm – 4:30 pm.*Online juniors1 studentCancelled$/), `/teach/sessions/${uuid(2)}`],
      [expect.stringMatching(/^5:30 pm – 6:30 pm.*Weekend beginners3 students$/), `/teach/sessions/${uuid(1)}`],
      ['See your week', '/teach/schedule'],
    ]);
  });

  it('says when there is no class today', async () => {
    installFakeApi({ [teacherApi]: () => json(upcoming([])) });
    renderWidget();
    expect(await screen.findByText('No classes today.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your week' })).toBeInTheDocument();
  });

  it('fails on its own card and tries again', async () => {
    let fail = true;
    installFakeApi({ [teacherApi]: () => (fail ? json({ statusCode: 500, code: 'INTERNAL', message: 'Something broke' }, 500) : json(upcoming([]))) });
    renderWidget();
    expect(await screen.findByRole('alert')).toHaveTextContent("Today's classes could not be loaded.");
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No classes today.')).toBeInTheDocument();
  });
});
