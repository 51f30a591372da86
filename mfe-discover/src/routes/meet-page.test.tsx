import { screen, within } from '@testing-library/react';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { defaultPointParams, demoClass, origin } from '../testing/listing-fixtures';
import MeetPage from './meet-page';

const demosApi = 'GET /v1/marketplace/demo-classes';

describe('MeetPage', () => {
  beforeEach(() => {
    // Only the clock is fixed (Tuesday 24 Nov 2026, 10:30 IST); timers stay real for the page.
    jest.useFakeTimers({
      now: new Date('2026-11-24T05:00:00Z'),
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
        'queueMicrotask',
        'nextTick',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'performance',
      ],
    });
  });
  afterEach(() => jest.useRealTimers());

  it('groups demo classes by their day in Bengaluru, days spelled out, in time order', async () => {
    const requests: URL[] = [];
    installFakeApi({
      [demosApi]: (_request, url) => {
        requests.push(url);
        return json({
          origin,
          demoClasses: [
            demoClass(3, '2026-11-27T12:00:00Z'),
            // 01:30 on Wednesday in Bengaluru, though still Tuesday in UTC.
            demoClass(2, '2026-11-24T20:00:00Z'),
            demoClass(1, '2026-11-24T13:30:00Z'),
            demoClass(4, '2026-11-25T04:00:00Z'),
          ],
        });
      },
    });
    renderWithApp(<MeetPage />, { path: '/meet' });

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Today, Tuesday, 24 November', 'Tomorrow, Wednesday, 25 November', 'Friday, 27 November']);
    const tomorrow = within(screen.getByRole('region', { name: 'Tomorrow, Wednesday, 25 November' }));
    const times = tomorrow.getAllByRole('article').map((article) => article.querySelector('p')?.textContent);
    expect(times).toEqual(['1:30 am to 2:30 am', '9:30 am to 10:30 am']);
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ ...defaultPointParams, days: '7' });
  });

  it('shows the teacher, program, place and seats, and asks for a demo on the teacher’s enquiry route', async () => {
    installFakeApi({ [demosApi]: () => json({ origin, demoClasses: [demoClass(1, '2026-11-24T13:30:00Z')] }) });
    renderWithApp(<MeetPage />, { path: '/meet' });
    const article = await screen.findByRole('article', { name: 'Opening principles · Beginner' });
    const demo = within(article);
    expect(article.querySelector('p')).toHaveTextContent('7:00 pm to 8:00 pm');
    expect(demo.getByRole('link', { name: 'Kiran Rao' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao-1');
    expect(demo.getByText('Indiranagar · 1.3 km away · Weekday evenings')).toBeInTheDocument();
    expect(demo.getByText('2 seats left')).toBeInTheDocument();
    expect(demo.getByRole('link', { name: 'Ask for a demo with Kiran Rao' })).toHaveAttribute(
      'href',
      '/discover/bengaluru/chess/teachers/kiran-rao-1/enquire?refPage=%2Fmeet&refSection=Demo+Classes',
    );
  });

  it('does not offer a signed-in teacher to ask for a demo, which is a learner’s enquiry', async () => {
    signInTeacher();
    installFakeApi({ [demosApi]: () => json({ origin, demoClasses: [demoClass(1, '2026-11-24T13:30:00Z')] }) });
    renderWithApp(<MeetPage />, { path: '/meet' });
    const demo = within(await screen.findByRole('article', { name: 'Opening principles · Beginner' }));
    expect(demo.getByRole('link', { name: 'Kiran Rao' })).toBeInTheDocument();
    expect(demo.queryByRole('link', { name: /^Ask for a demo/ })).not.toBeInTheDocument();
    signOut();
  });

  it('says when there are no demo classes this week and offers a way on', async () => {
    installFakeApi({ [demosApi]: () => json({ origin, demoClasses: [] }) });
    renderWithApp(<MeetPage />, { path: '/meet' });
    expect(await screen.findByRole('heading', { name: 'No demo classes near you in the next 7 days' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'request a class' })).toHaveAttribute('href', '/enquiry?refPage=%2Fmeet&refSection=ask_demo');
  });
});
