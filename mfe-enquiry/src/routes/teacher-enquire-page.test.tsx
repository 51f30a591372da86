import { screen } from '@testing-library/react';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import TeacherEnquirePage from './teacher-enquire-page';

const route = '/discover/:city/:category/teachers/:teacherSlug/enquire';
const chess = { id: '6f1c2b8e-0000-4000-8000-000000000001', slug: 'chess', name: 'Chess', description: 'Openings', icon: 'chess', activeListingCount: 3 };
const yoga = { id: '6f1c2b8e-0000-4000-8000-000000000002', slug: 'yoga', name: 'Yoga', description: 'Hatha', icon: 'yoga', activeListingCount: 2 };

const listing = (category: typeof chess, title: string) => ({
  id: `0b7c2a40-0000-4000-8000-00000000000${category === chess ? 1 : 2}`,
  title,
  mode: 'at_centre',
  category: { id: category.id, slug: category.slug, name: category.name },
  locality: { slug: 'jayanagar', name: 'Jayanagar' },
  apartment: null,
  location: { lat: 12.93, lng: 77.58 },
  priceFromPaise: 320000,
  ageRange: { min: 6, max: 16 },
  programs: [],
  path: `/discover/bengaluru/${category.slug}/teachers/kiran-rao-1`,
});

const teacherPage = {
  teacher: {
    id: '5a1d0000-0000-4000-8000-000000000001', slug: 'kiran-rao-1', name: 'Kiran Rao', photoUrl: null, bio: 'Coach.',
    experienceYears: 9, languages: ['English'], rating: { average: 4.7, count: 52 }, badges: [], memberSince: '2024-01-10',
  },
  listings: [listing(yoga, 'Morning yoga in Jayanagar'), listing(chess, 'Chess coaching in Jayanagar')],
  reviews: [],
  canonicalPath: '/discover/bengaluru/yoga/teachers/kiran-rao-1',
};

beforeEach(() => sessionStorage.clear());

describe('TeacherEnquirePage', () => {
  it("addresses the request to the teacher and picks the subject of the page the learner came from", async () => {
    installFakeApi({
      'GET /v1/marketplace/teacherListings/slug/kiran-rao-1': () => json(teacherPage),
      'GET /v1/marketplace/categories': () => json({ categories: [chess, yoga] }),
    });
    renderWithApp(<TeacherEnquirePage />, { path: '/discover/bengaluru/chess/teachers/kiran-rao-1/enquire', route });
    expect(await screen.findByRole('heading', { name: 'Enquire with Kiran Rao' })).toBeInTheDocument();
    expect(screen.getByText(/Chess coaching in Jayanagar/)).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'What would you like to learn?' })).toHaveValue('chess');
    const draft = JSON.parse(sessionStorage.getItem('kalike.enquiry-draft.v1') ?? '{}');
    expect(draft).toMatchObject({ categorySlug: 'chess', refPage: '/discover/bengaluru/chess/teachers/kiran-rao-1', refSection: 'teacher_page' });
  });

  it('says so when the teacher is gone', async () => {
    installFakeApi({
      'GET /v1/marketplace/teacherListings/slug/kiran-rao-1': () =>
        json({ statusCode: 404, code: 'TEACHER_NOT_FOUND', message: 'No teacher kiran-rao-1' }, 404),
    });
    renderWithApp(<TeacherEnquirePage />, { path: '/discover/bengaluru/chess/teachers/kiran-rao-1/enquire', route });
    expect(await screen.findByText('This teacher is not on Kalike any more')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for another teacher' })).toHaveAttribute('href', '/search');
  });

  it('never asks the API about a malformed slug', async () => {
    const api = installFakeApi({});
    renderWithApp(<TeacherEnquirePage />, { path: '/discover/bengaluru/chess/teachers/Robert%27);DROP/enquire', route });
    expect(await screen.findByText('This link is not complete')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
