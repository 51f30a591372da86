import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeacherListings } from '@kalike/shared/contracts/listing-authoring';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import TeachListingsPage from './listings-page';

const api = 'GET /v1/teachers/me/listings';
const item = (overrides: Partial<TeacherListings['items'][number]>): TeacherListings['items'][number] => ({
  id: '7a1c2d3e-0000-4000-8000-000000000001',
  title: 'Bharatanatyam for beginners',
  categoryName: 'Dance',
  reviewState: 'draft',
  reviewNote: null,
  counts: { programs: 1, batches: 1, classPacks: 0 },
  heldChanges: 0,
  updatedAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

describe('/teach/listings', () => {
  beforeEach(() => signInTeacher('Priya Sharma'));
  afterEach(() => signOut());

  it('lists each listing with its state, the note when sent back, and Continue for drafts', async () => {
    installFakeApi({
      [api]: () =>
        json({
          items: [
            item({}),
            item({
              id: '7a1c2d3e-0000-4000-8000-000000000002',
              title: 'Carnatic vocals',
              reviewState: 'sent_back',
              reviewNote: 'Say which ages the batches are for.',
            }),
            item({ id: '7a1c2d3e-0000-4000-8000-000000000003', title: 'Veena', reviewState: 'live', heldChanges: 1 }),
          ],
        }),
    });
    renderWithApp(<TeachListingsPage />, { path: '/teach/listings' });
    const list = within(await screen.findByRole('list', { name: 'Your listings' }));
    expect(list.getByRole('link', { name: 'Continue Bharatanatyam for beginners' })).toHaveAttribute(
      'href',
      '/teach/listings/7a1c2d3e-0000-4000-8000-000000000001',
    );
    expect(list.getByText('Sent back for changes')).toBeInTheDocument();
    expect(list.getByText('Sent back: Say which ages the batches are for.')).toBeInTheDocument();
    expect(list.getByText(/1 waiting for review/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New listing' })).toHaveAttribute('href', '/teach/listings/new');
  });

  it('says how to begin when there is none, and offers a retry on error', async () => {
    let fail = true;
    installFakeApi({
      [api]: () => (fail ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' }, 500) : json({ items: [] })),
    });
    renderWithApp(<TeachListingsPage />, { path: '/teach/listings' });
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No listings yet' })).toBeInTheDocument();
  });
});
