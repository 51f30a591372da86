import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import type { ApartmentSummary } from '@kalike/shared/contracts/teacher-listings';

import { defaultPointParams, listingCard, searchPage, uuid } from '../testing/listing-fixtures';
import TeachersPage from './teachers-page';

const apartment: ApartmentSummary = {
  id: uuid(950),
  slug: 'prestige-shantiniketan',
  name: 'Prestige Shantiniketan',
  locality: { slug: 'whitefield', name: 'Whitefield' },
  pincode: '560048',
  location: { lat: 12.9903, lng: 77.7277 },
  activeListingCount: 2,
};

describe('TeachersPage', () => {
  it('lists every teacher near the learner through search with no text, filtered from the URL', async () => {
    const requests: URL[] = [];
    installFakeApi({
      'GET /v1/marketplace/teacherListings/search': (_request, url) => {
        requests.push(url);
        return json(searchPage([listingCard(1), listingCard(3)]));
      },
    });
    renderWithApp(<TeachersPage />, { path: '/teachers?badges=super_teacher' });
    expect(screen.getByRole('heading', { level: 1, name: 'Teachers near you' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Teachers near you' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ ...defaultPointParams, badges: 'super_teacher' });
  });

  it("shows one apartment's classes, measured from the learner", async () => {
    installFakeApi({
      'GET /v1/class/apartments': (_request, url) =>
        url.searchParams.get('slug') === 'prestige-shantiniketan'
          ? json({ apartment, listings: [listingCard(2, { mode: 'apartment', apartment: { slug: apartment.slug, name: apartment.name } })] })
          : json({ statusCode: 404, code: 'NOT_FOUND', message: 'No such apartment' }, 404),
    });
    renderWithApp(<TeachersPage />, { path: '/teachers?apartment=prestige-shantiniketan' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Classes in Prestige Shantiniketan' });
    expect(heading.nextElementSibling).toHaveTextContent(/^Whitefield, 560048 · 15 km from you · All teachers near you$/);
    const list = screen.getByRole('list', { name: 'Classes in Prestige Shantiniketan' });
    expect(within(list).getByRole('button', { name: 'Shortlist Meera Iyer' })).toBeInTheDocument();
  });

  it('finds classes in the learner’s apartment: nearby ones first, then by name', async () => {
    const searched: string[] = [];
    installFakeApi({
      'GET /v1/marketplace/teacherListings/search': () => json(searchPage([listingCard(1)])),
      'GET /v1/class/apartments': () => json({ apartments: [{ ...apartment, distanceMetres: 2_300 }] }),
      'GET /v1/class/search-apartments': (_request, url) => {
        searched.push(url.searchParams.get('search') ?? '');
        return json({ apartments: [{ ...apartment, slug: 'brigade-metropolis', name: 'Brigade Metropolis', id: uuid(951) }] });
      },
    });
    renderWithApp(<TeachersPage />, { path: '/teachers' });
    await userEvent.click(screen.getByRole('button', { name: 'Classes in your apartment' }));
    const nearby = await screen.findByRole('list', { name: 'Apartments near you with classes' });
    expect(within(nearby).getByRole('link', { name: /Prestige Shantiniketan.*2.3 km.*2 classes/ })).toHaveAttribute(
      'href',
      '/teachers?apartment=prestige-shantiniketan',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Your apartment or gated community' }), 'brigade');
    const found = await screen.findByRole('list', { name: 'Apartments found' });
    expect(within(found).getByRole('link', { name: /Brigade Metropolis/ })).toHaveAttribute('href', '/teachers?apartment=brigade-metropolis');
    expect(searched).toEqual(['brigade']);
  });
});
