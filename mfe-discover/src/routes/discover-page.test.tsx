import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { track } from '@kalike/shared/analytics/track';
import type { DiscoverHome } from '@kalike/shared/contracts/teacher-listings';

import { defaultPointParams, listingCard, origin, uuid } from '../testing/listing-fixtures';
import DiscoverPage from './discover-page';

jest.mock('@kalike/shared/analytics/track', () => ({
  ...jest.requireActual('@kalike/shared/analytics/track'),
  track: jest.fn(),
}));

const categories = ['Chess', 'Guitar', 'Yoga', 'Abacus', 'Bharatanatyam', 'Coding', 'French'].map((name, index) => ({
  id: uuid(900 + index),
  slug: name.toLowerCase(),
  name,
  icon: name.toLowerCase(),
  nearbyListingCount: 12 - index,
}));

const home: DiscoverHome = {
  origin,
  teacherOfTheDay: listingCard(1, { teacher: { ...listingCard(1).teacher, badges: ['teacher_of_the_day', 'super_teacher'] } }),
  superTeachers: [listingCard(3), listingCard(5)],
  verifiedTeachers: [listingCard(2), listingCard(4), listingCard(6)],
  popularCategories: categories,
  nearbyApartments: [
    {
      id: uuid(950),
      slug: 'prestige-shantiniketan',
      name: 'Prestige Shantiniketan',
      locality: { slug: 'whitefield', name: 'Whitefield' },
      pincode: '560048',
      location: { lat: 12.99, lng: 77.73 },
      activeListingCount: 4,
      distanceMetres: 1_240,
    },
  ],
};

describe('DiscoverPage', () => {
  beforeEach(() => jest.mocked(track).mockClear());

  it('shows every section from one request near the learner', async () => {
    const requests: URL[] = [];
    const fetch = installFakeApi({
      'GET /v1/marketplace/discover': (_request, url) => {
        requests.push(url);
        return json(home);
      },
    });
    renderWithApp(<DiscoverPage />, { path: '/discover' });
    expect(screen.getByRole('heading', { level: 1, name: 'Discover and connect with top teachers near you.' })).toBeInTheDocument();

    const featured = await screen.findByRole('region', { name: 'Teacher of the Day' });
    expect(await within(featured).findByRole('link', { name: 'Kiran Rao' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao-1');
    expect(within(screen.getByRole('list', { name: 'Super Teachers' })).getAllByRole('article')).toHaveLength(2);
    expect(within(screen.getByRole('list', { name: 'Verified Teachers' })).getAllByRole('article')).toHaveLength(3);

    const categoryList = screen.getByRole('list', { name: 'Class categories' });
    expect(within(categoryList).getAllByRole('listitem')).toHaveLength(6);
    expect(within(categoryList).getByRole('link', { name: /Chess.*12 teachers near you/ })).toHaveAttribute('href', '/categories/chess');
    expect(screen.getByRole('link', { name: 'See all categories' })).toHaveAttribute('href', '/categories');

    const apartments = screen.getByRole('list', { name: 'Classes in nearby apartments' });
    expect(within(apartments).getByRole('link', { name: /Prestige Shantiniketan.*Whitefield · 1.2 km.*4 classes/ })).toHaveAttribute(
      'href',
      '/teachers?apartment=prestige-shantiniketan',
    );

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual(defaultPointParams);
  });

  it('says how the Teacher of the Day was chosen, and wraps names and counts instead of cutting them off', async () => {
    const near = { ...home, teacherOfTheDay: { ...home.teacherOfTheDay!, distanceMetres: 1_800 } };
    near.popularCategories = [{ ...categories[0]!, name: 'Spoken English', slug: 'spoken-english', nearbyListingCount: 15 }, ...categories.slice(1)];
    installFakeApi({ 'GET /v1/marketplace/discover': () => json(near) });
    renderWithApp(<DiscoverPage />, { path: '/discover' });
    const featured = await screen.findByRole('region', { name: 'Teacher of the Day' });
    const reason = await within(featured).findByText('Chosen each day, in turn, from teachers within 5 km of you rated 4.5 or more by at least 10 families.');
    expect(within(featured).queryByText(/glowing feedback/)).not.toBeInTheDocument();
    const categoryList = screen.getByRole('list', { name: 'Class categories' });
    const name = within(categoryList).getByText('Spoken English');
    const count = within(categoryList).getByText('15 teachers near you');
    // Nothing clipped: a longer name or count grows its tile rather than end in "…".
    for (const text of [reason, name, count, within(featured).getByRole('link', { name: 'Kiran Rao' })]) {
      expect(getComputedStyle(text).overflow).not.toBe('hidden');
      expect(getComputedStyle(text.parentElement!).overflow).not.toBe('hidden');
    }
  });

  it('says honestly when the Teacher of the Day is not near, because nobody near qualified', async () => {
    installFakeApi({ 'GET /v1/marketplace/discover': () => json({ ...home, teacherOfTheDay: { ...home.teacherOfTheDay!, distanceMetres: 11_000 } }) });
    renderWithApp(<DiscoverPage />, { path: '/discover' });
    const featured = await screen.findByRole('region', { name: 'Teacher of the Day' });
    expect(
      await within(featured).findByText('No teacher within 5 km of you is rated 4.5 or more by at least 10 families yet, so this is the nearest who is.'),
    ).toBeInTheDocument();
  });

  it('labels taps with the section they came from', async () => {
    installFakeApi({ 'GET /v1/marketplace/discover': () => json(home) });
    const first = renderWithApp(<DiscoverPage />, { path: '/discover' });
    const featured = await screen.findByRole('region', { name: 'Teacher of the Day' });
    await userEvent.click(await within(featured).findByRole('link', { name: 'Kiran Rao' }));
    first.unmount();
    renderWithApp(<DiscoverPage />, { path: '/' });
    const verified = await screen.findByRole('list', { name: 'Verified Teachers' });
    await userEvent.click(within(verified).getByRole('link', { name: 'Lakshmi Nair' }));
    expect(jest.mocked(track).mock.calls.map(([event]) => [event.name, event.refPage, event.refSection, event.properties?.position])).toEqual([
      ['teacher_card_opened', '/discover', 'Teacher of the Day', 1],
      ['teacher_card_opened', '/', 'Verified Teacher', 2],
    ]);
  });

  it('holds each section at its final height with skeletons while loading', () => {
    installFakeApi({ 'GET /v1/marketplace/discover': () => new Promise<Response>(() => undefined) });
    renderWithApp(<DiscoverPage />, { path: '/discover' });
    expect(screen.getByRole('status', { name: 'Loading the Teacher of the Day' })).toHaveStyle({ height: '11.5rem' });
    expect(screen.getAllByRole('status', { name: 'Loading teachers' })).toHaveLength(2);
    expect(screen.getByRole('status', { name: 'Loading categories' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading apartments' })).toBeInTheDocument();
    // Headings are there from the first paint, so nothing below them moves.
    expect(screen.getByRole('heading', { name: 'Super Teachers' })).toBeInTheDocument();
  });

  it('says so in place when a section is empty', async () => {
    installFakeApi({ 'GET /v1/marketplace/discover': () => json({ ...home, teacherOfTheDay: null, superTeachers: [] }) });
    renderWithApp(<DiscoverPage />, { path: '/discover' });
    expect(await screen.findByText(/No Teacher of the Day near you today/)).toBeInTheDocument();
    expect(screen.getByText('No Super Teachers near you yet.')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads the page', async () => {
    let fail = true;
    installFakeApi({
      'GET /v1/marketplace/discover': () =>
        fail ? json({ statusCode: 503, code: 'UNAVAILABLE', message: 'Kalike is being updated; back in a minute.' }, 503) : json(home),
    });
    renderWithApp(<DiscoverPage />, { path: '/' });
    expect(await screen.findByText('Kalike is being updated; back in a minute.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Class categories' })).toBeInTheDocument();
  });
});
